import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 6
length = 501
kernel_size = 5
stride = 2
padding = 2


class Model(nn.Module):
    """1D max pooling with implicit -inf padding."""

    def __init__(self, kernel_size, stride, padding):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, x):
        return F.max_pool1d(x, self.kernel_size, self.stride, self.padding)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [kernel_size, stride, padding]
