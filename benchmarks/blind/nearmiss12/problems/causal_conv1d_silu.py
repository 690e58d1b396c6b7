"""Depthwise causal 1-D convolution with bias followed by SiLU (Mamba short convolution)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 24
seq_len = 333
kernel_size = 4


class Model(nn.Module):
    def __init__(self, channels, kernel_size):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels, kernel_size) * 0.5)
        self.bias = nn.Parameter(torch.randn(channels) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c, k = self.weight.shape
        y = F.conv1d(x, self.weight.unsqueeze(1), self.bias, padding=k - 1, groups=c)
        return F.silu(y[..., : x.shape[-1]])


def get_inputs():
    return [torch.randn(batch_size, channels, seq_len)]


def get_init_inputs():
    return [channels, kernel_size]
