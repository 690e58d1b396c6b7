"""Standard 2-D convolution, 3x3 kernel, padding 1, with bias."""

import torch
import torch.nn as nn

batch_size = 2
in_channels = 3
out_channels = 8
height = 16
width = 20


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1, bias=True)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
