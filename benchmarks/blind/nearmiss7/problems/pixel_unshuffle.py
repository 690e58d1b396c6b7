"""Pixel unshuffle (space-to-depth) with a downscale factor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 6
height = 30
width = 34
factor = 2


class Model(nn.Module):
    def __init__(self, factor: int):
        super().__init__()
        self.factor = factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.pixel_unshuffle(x, self.factor)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [factor]
