"""Elementwise torch.isclose(a, b, rtol, atol) -> bool (the tolerance scales with |b|)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1024


class Model(nn.Module):
    def __init__(self, rtol=1e-2, atol=1e-3):
        super().__init__()
        self.rtol = rtol
        self.atol = atol

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.isclose(a, b, rtol=self.rtol, atol=self.atol)


def get_inputs():
    a = torch.randn(batch_size, dim) * 10.0
    b = a * (1.0 + (torch.rand(batch_size, dim) - 0.5) * 0.05)
    r = torch.rand(batch_size, dim)
    inf = torch.full_like(a, float("inf"))
    a = torch.where(r < 0.02, inf, a)
    b = torch.where(r < 0.02, inf, b)
    b = torch.where((r >= 0.02) & (r < 0.03), -inf, b)
    return [a, b]


def get_init_inputs():
    return [1e-2, 1e-3]
