import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 4
height = 15
width = 15


class Model(nn.Module):
    """2x2 max pooling, stride 2, padding 1."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.max_pool2d(x, kernel_size=2, stride=2, padding=1)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
