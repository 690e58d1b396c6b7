"""1x1 convolution with bias (a per-pixel matmul over channels)."""

import torch
import torch.nn as nn

batch_size = 2
in_channels = 16
out_channels = 24
height = 10
width = 12


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size=1, bias=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
