"""Transposed 2-D convolution, kernel 3, stride 2, padding 1, output_padding 1 (KernelBench level-1
style, nn.ConvTranspose2d with bias)."""

import torch
import torch.nn as nn

batch_size = 2
in_channels = 5
out_channels = 5
height = 7
width = 9


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.conv_t = nn.ConvTranspose2d(in_channels, out_channels, 3, stride=2, padding=1, output_padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv_t(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
