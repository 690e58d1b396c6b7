import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 8
length = 100


class Model(nn.Module):
    """1D average pooling, kernel 4, stride 2, padding 1 (padding counted in the mean)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.avg_pool1d(x, kernel_size=4, stride=2, padding=1)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return []
