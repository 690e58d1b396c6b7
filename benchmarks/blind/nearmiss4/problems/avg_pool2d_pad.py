import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 4
height = 21
width = 17
kernel_size = 3
stride = 2
padding = 1


class Model(nn.Module):
    """2D average pooling with zero padding that is left out of the count (count_include_pad=False)."""

    def __init__(self, kernel_size, stride, padding):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, x):
        return F.avg_pool2d(x, self.kernel_size, self.stride, self.padding, count_include_pad=False)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [kernel_size, stride, padding]
