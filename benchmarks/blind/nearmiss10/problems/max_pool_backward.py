"""Gradient of 2x2 / stride-2 max pooling with respect to its input."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 16
height = 24
width = 30


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, grad_out: torch.Tensor) -> torch.Tensor:
        _, idx = F.max_pool2d(x, 2, 2, return_indices=True)
        b, c = x.shape[:2]
        gi = torch.zeros_like(x).view(b, c, -1)
        gi.scatter_(2, idx.view(b, c, -1), grad_out.reshape(b, c, -1))
        return gi.view_as(x)


def get_inputs():
    x = torch.randn(batch_size, channels, height, width)
    g = torch.randn(batch_size, channels, height // 2, width // 2)
    return [x, g]


def get_init_inputs():
    return []
