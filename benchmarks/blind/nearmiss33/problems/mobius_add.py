"""Mobius addition in the Poincare ball of curvature -c (geoopt style), row by row."""

import torch
import torch.nn as nn

batch_size = 64
dim = 300


class Model(nn.Module):
    def __init__(self, c: float = 0.5):
        super().__init__()
        self.c = c

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        c = self.c
        xy = (x * y).sum(dim=-1, keepdim=True)
        x2 = (x * x).sum(dim=-1, keepdim=True)
        y2 = (y * y).sum(dim=-1, keepdim=True)
        num = (1.0 + 2.0 * c * xy + c * y2) * x + (1.0 - c * x2) * y
        den = 1.0 + 2.0 * c * xy + c * c * x2 * y2
        return num / den.clamp_min(1e-15)


def get_inputs():
    return [torch.randn(batch_size, dim) * 0.06, torch.randn(batch_size, dim) * 0.06]


def get_init_inputs():
    return []
