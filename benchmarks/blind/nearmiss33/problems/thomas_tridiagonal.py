"""Batched tridiagonal linear solve: sub-diagonal (first entry unused), diagonal and super-diagonal (last entry
unused) bands plus a right-hand side per system."""

import torch
import torch.nn as nn

num_systems = 100
system_size = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, lower: torch.Tensor, diag: torch.Tensor, upper: torch.Tensor, rhs: torch.Tensor) -> torch.Tensor:
        a = torch.diag_embed(diag)
        a = a + torch.diag_embed(lower[:, 1:], offset=-1) + torch.diag_embed(upper[:, :-1], offset=1)
        return torch.linalg.solve(a, rhs.unsqueeze(-1)).squeeze(-1)


def get_inputs():
    lower = torch.randn(num_systems, system_size) * 0.5
    upper = torch.randn(num_systems, system_size) * 0.5
    diag = 1.0 + lower.abs() + upper.abs() + torch.rand(num_systems, system_size)
    rhs = torch.randn(num_systems, system_size)
    return [lower, diag, upper, rhs]


def get_init_inputs():
    return []
