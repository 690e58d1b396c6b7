import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 16
groups = 4
height = 8
width = 8


class Model(nn.Module):
    """GroupNorm with learned per-channel affine parameters."""

    def __init__(self, groups, channels, eps=1e-5):
        super().__init__()
        self.groups = groups
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(channels))
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x):
        return F.group_norm(x, self.groups, self.weight, self.bias, self.eps)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [groups, channels]
