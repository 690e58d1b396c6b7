"""Resize to a fixed size with nearest-exact (half-pixel) sampling (F.interpolate mode='nearest-exact')."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 10
width = 14
out_height = 16
out_width = 21


class Model(nn.Module):
    def __init__(self, out_height: int, out_width: int):
        super().__init__()
        self.size = (out_height, out_width)

    def forward(self, x):
        return F.interpolate(x, size=self.size, mode="nearest-exact")


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [out_height, out_width]
