"""GroupNorm of an NCHW activation with per-channel affine weight and bias."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 32
height = 16
width = 16
num_groups = 8


class Model(nn.Module):
    def __init__(self, num_groups: int = 8, eps: float = 1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.group_norm(x, self.num_groups, weight, bias, self.eps)


def get_inputs():
    x = torch.randn(batch_size, channels, height, width)
    weight = 1.0 + 0.5 * torch.randn(channels)
    bias = 0.5 * torch.randn(channels)
    return [x, weight, bias]


def get_init_inputs():
    return [num_groups, 1e-5]
