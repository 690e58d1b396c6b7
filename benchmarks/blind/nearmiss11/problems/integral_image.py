"""Summed-area table with a leading zero row and column (OpenCV `integral` layout)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
height = 40
width = 56


class Model(nn.Module):
    """(N, H, W) -> (N, H + 1, W + 1), out[n, i, j] = sum of x[n, :i, :j]."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.pad(x.cumsum(dim=-1).cumsum(dim=-2), (1, 0, 1, 0))


def get_inputs():
    return [torch.randn(batch_size, height, width)]


def get_init_inputs():
    return []
