"""Argmax indices of 2-D max pooling over NCHW planes (flat h * W + w within each input plane)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 8
height = 15
width = 17
kernel_size = 3
stride = 2
padding = 1


class Model(nn.Module):
    def __init__(self, kernel_size: int, stride: int, padding: int):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.max_pool2d(x, self.kernel_size, self.stride, self.padding, return_indices=True)[1]


def get_inputs():
    return [torch.randn(batch_size, channels, height, width) * 2.0]


def get_init_inputs():
    return [kernel_size, stride, padding]
