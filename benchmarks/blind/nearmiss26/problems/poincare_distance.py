"""Geodesic distance in the Poincare ball (hyperbolic embeddings) between paired points u, v (N, D) inside the
unit ball: d = arcosh(1 + 2 |u - v|^2 / ((1 - |u|^2)(1 - |v|^2)))."""

import torch
import torch.nn as nn

num_pairs = 4096
dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, u: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        sq = ((u - v) ** 2).sum(-1)
        nu = (u * u).sum(-1)
        nv = (v * v).sum(-1)
        return torch.acosh(1.0 + 2.0 * sq / ((1.0 - nu) * (1.0 - nv)))


def _ball(n, d):
    x = torch.randn(n, d)
    x = x / x.norm(dim=1, keepdim=True)
    return x * (0.15 + 0.75 * torch.rand(n, 1))


def get_inputs():
    return [_ball(num_pairs, dim), _ball(num_pairs, dim)]


def get_init_inputs():
    return []
