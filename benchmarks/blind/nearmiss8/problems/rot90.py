"""Rotate each matrix of a batch by 90 degrees (torch.rot90, k=1, dims (1, 2))."""

import torch
import torch.nn as nn

batch_size = 6
height = 50
width = 70


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.rot90(x, 1, (1, 2))


def get_inputs():
    return [torch.randn(batch_size, height, width)]


def get_init_inputs():
    return []
