import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
in_channels = 4
out_channels = 6
length = 300
kernel_size = 5


class Model(nn.Module):
    """Valid 1D convolution (stride 1, no padding) with bias."""

    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_channels, in_channels, kernel_size) * 0.2)
        self.bias = nn.Parameter(torch.randn(out_channels) * 0.1)

    def forward(self, x):
        return F.conv1d(x, self.weight, self.bias)


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
