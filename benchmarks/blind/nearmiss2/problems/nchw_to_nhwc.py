"""Channels-last layout change: NCHW -> NHWC (materialised)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 64
height = 8
width = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.permute(0, 2, 3, 1).contiguous()


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
