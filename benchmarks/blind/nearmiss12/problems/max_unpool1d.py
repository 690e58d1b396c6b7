"""1-D max unpooling (kernel 2, stride 2) from pooled values and their argmax indices."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 16
pooled_len = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, indices: torch.Tensor) -> torch.Tensor:
        return F.max_unpool1d(x, indices, kernel_size=2, stride=2)


def get_inputs():
    src = torch.randn(batch_size, channels, 2 * pooled_len)
    x, idx = F.max_pool1d(src, kernel_size=2, stride=2, return_indices=True)
    return [x, idx]


def get_init_inputs():
    return []
