"""3-D convolution with an asymmetric kernel and asymmetric padding (KernelBench level 1 style,
conv_standard_3D asymmetric input / asymmetric kernel): nn.Conv3d(in, out, kernel_size=(3, 5, 3), stride=1,
padding=(1, 2, 0), bias=True)."""

import torch
import torch.nn as nn

batch_size = 2
in_channels = 4
out_channels = 5
depth = 6
height = 10
width = 9


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, kernel_size=(3, 5, 3), stride=1, padding=(1, 2, 0), bias=True)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
