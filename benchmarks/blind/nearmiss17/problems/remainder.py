"""Elementwise floating-point remainder with the sign of the divisor (torch.remainder / Python %)."""

import torch
import torch.nn as nn

batch_size = 4
dim = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.remainder(a, b)


def get_inputs():
    a = torch.randn(batch_size, dim) * 4.0
    b = (torch.rand(batch_size, dim) * 1.5 + 0.25) * torch.where(torch.rand(batch_size, dim) < 0.5, -1.0, 1.0)
    return [a, b]


def get_init_inputs():
    return []
