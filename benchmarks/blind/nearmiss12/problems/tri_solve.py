"""Batched lower-triangular solve L X = B (the strict upper triangle of L is ignored)."""

import torch
import torch.nn as nn

batch_size = 32
n = 16
nrhs = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, lmat: torch.Tensor, rhs: torch.Tensor) -> torch.Tensor:
        return torch.linalg.solve_triangular(lmat, rhs, upper=False)


def get_inputs():
    lmat = torch.randn(batch_size, n, n) * 0.3
    idx = torch.arange(n)
    lmat[:, idx, idx] = 1.0 + torch.rand(batch_size, n)
    rhs = torch.randn(batch_size, n, nrhs)
    return [lmat, rhs]


def get_init_inputs():
    return []
