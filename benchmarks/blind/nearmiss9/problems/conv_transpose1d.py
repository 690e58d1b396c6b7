"""Transposed 1-D convolution (kernel 4, stride 2, padding 1) with bias."""

import torch
import torch.nn as nn

batch_size = 4
in_channels = 8
out_channels = 6
length = 63
kernel_size = 4
stride = 2


class Model(nn.Module):
    def __init__(self, cin: int, cout: int, k: int, stride: int):
        super().__init__()
        self.deconv = nn.ConvTranspose1d(cin, cout, k, stride=stride, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.deconv(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, stride]
