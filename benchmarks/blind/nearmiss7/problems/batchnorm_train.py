"""BatchNorm2d forward in training mode (batch statistics, biased variance), affine."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 24
height = 13
width = 15


class Model(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.batch_norm(x, None, None, self.weight, self.bias, training=True, eps=self.eps)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
