"""GroupNorm followed by SiLU, the norm-act pair of diffusion UNet resnet blocks."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 16
num_groups = 4
height = 6
width = 10


class Model(nn.Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(num_channels) * 0.5 + 1.0)
        self.bias = nn.Parameter(torch.randn(num_channels) * 0.2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.silu(F.group_norm(x, self.num_groups, self.weight, self.bias, self.eps))


def get_inputs():
    return [torch.randn(batch_size, channels, height, width) * 2.0 + 0.5]


def get_init_inputs():
    return [num_groups, channels]
