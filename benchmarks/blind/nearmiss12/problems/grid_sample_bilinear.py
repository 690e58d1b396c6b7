"""Bilinear grid sampling with zero padding and align_corners=False (F.grid_sample)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 20
width = 28
out_height = 24
out_width = 30


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, inp: torch.Tensor, grid: torch.Tensor) -> torch.Tensor:
        return F.grid_sample(inp, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


def get_inputs():
    inp = torch.randn(batch_size, channels, height, width)
    grid = torch.rand(batch_size, out_height, out_width, 2) * 2.2 - 1.1
    return [inp, grid]


def get_init_inputs():
    return []
