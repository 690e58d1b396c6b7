import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
channels = 12
groups = 4
length = 250
eps = 1e-5


class Model(nn.Module):
    """GroupNorm over (N, C, L) with a per-channel affine."""

    def __init__(self, channels, groups, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels) * 0.3 + 1.0)
        self.bias = nn.Parameter(torch.randn(channels) * 0.1)
        self.groups = groups
        self.eps = eps

    def forward(self, x):
        return F.group_norm(x, self.groups, self.weight, self.bias, self.eps)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels, groups, eps]
