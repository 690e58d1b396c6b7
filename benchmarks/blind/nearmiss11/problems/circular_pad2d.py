"""Circular (wrap-around) padding of the last two dimensions of an NCHW tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 20
width = 24
pad_left = 3
pad_right = 3
pad_top = 2
pad_bottom = 2


class Model(nn.Module):
    """F.pad(x, (left, right, top, bottom), mode="circular")."""

    def __init__(self, left: int, right: int, top: int, bottom: int):
        super().__init__()
        self.pads = (left, right, top, bottom)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.pad(x, self.pads, mode="circular")


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [pad_left, pad_right, pad_top, pad_bottom]
