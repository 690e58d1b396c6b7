"""RWKV-style token shift: interpolate each token with the previous token of the same sequence
using a learnable per-feature mix."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
seq_len = 64
dim = 96


class Model(nn.Module):
    """out = x * mu + shift(x) * (1 - mu), shift(x)[:, t] = x[:, t - 1] (zero at t = 0)."""

    def __init__(self, dim: int):
        super().__init__()
        self.mu = nn.Parameter(torch.rand(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shifted = F.pad(x, (0, 0, 1, -1))
        return x * self.mu + shifted * (1.0 - self.mu)


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim]
