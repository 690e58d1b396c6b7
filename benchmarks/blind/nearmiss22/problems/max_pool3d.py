"""3-D max pooling with padding and dilation (KernelBench level 1, Max_Pooling_3D): nn.MaxPool3d(kernel_size=3,
stride=2, padding=1, dilation=3) on a (B, C, D, H, W) volume."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
dim1 = 12
dim2 = 13
dim3 = 14
kernel_size = 3
stride = 2
padding = 1
dilation = 3


class Model(nn.Module):
    def __init__(self, kernel_size: int, stride: int, padding: int, dilation: int):
        super().__init__()
        self.maxpool = nn.MaxPool3d(kernel_size=kernel_size, stride=stride, padding=padding, dilation=dilation)

    def forward(self, x):
        return self.maxpool(x)


def get_inputs():
    return [torch.randn(batch_size, channels, dim1, dim2, dim3)]


def get_init_inputs():
    return [kernel_size, stride, padding, dilation]
