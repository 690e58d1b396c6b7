"""2x2 max pooling with stride 2 (odd spatial sizes: the last row/column is dropped)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 8
height = 31
width = 33


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.max_pool2d(x, kernel_size=2, stride=2)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
