"""Squared ReLU (Primer) after a learnable per-feature bias."""

import torch
import torch.nn as nn

batch_size = 48
dim = 257


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(dim) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x + self.bias) ** 2


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim]
