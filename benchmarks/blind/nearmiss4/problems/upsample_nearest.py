import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 15
width = 22


class Model(nn.Module):
    """Nearest-neighbour upsampling by an integer factor of 2."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.interpolate(x, scale_factor=2, mode="nearest")


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
