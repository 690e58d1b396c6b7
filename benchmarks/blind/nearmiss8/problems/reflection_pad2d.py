"""Reflection padding of an NCHW tensor on all four sides."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 6
height = 31
width = 37
pad = 3


class Model(nn.Module):
    def __init__(self, pad: int):
        super().__init__()
        self.pad = pad

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        p = self.pad
        return F.pad(x, (p, p, p, p), mode="reflect")


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [pad]
