"""Squared Mahalanobis distance of points to a Gaussian given by its mean and the lower-triangular Cholesky factor
L of its precision matrix (precision = L L^T): d^2 = || (x - mu) L ||^2 per point."""

import torch
import torch.nn as nn

num_points = 2048
dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mu: torch.Tensor, L: torch.Tensor) -> torch.Tensor:
        z = (x - mu) @ L
        return (z * z).sum(dim=1)


def get_inputs():
    mu = torch.randn(dim)
    x = mu + 1.5 * torch.randn(num_points, dim)
    L = torch.tril(0.3 * torch.randn(dim, dim), diagonal=-1) + torch.diag(0.5 + torch.rand(dim))
    return [x, mu, L]


def get_init_inputs():
    return []
