"""Lyapunov exponent of the logistic map x -> r x (1 - x), one orbit per parameter (burn-in, then averaged log-derivative)."""

import torch
import torch.nn as nn

num_orbits = 1000
n_burn = 100
n_iter = 200


class Model(nn.Module):
    def __init__(self, n_burn: int, n_iter: int):
        super().__init__()
        self.n_burn = n_burn
        self.n_iter = n_iter

    def forward(self, r: torch.Tensor, x0: torch.Tensor) -> torch.Tensor:
        x = x0
        for _ in range(self.n_burn):
            x = r * x * (1.0 - x)
        acc = torch.zeros_like(x)
        for _ in range(self.n_iter):
            acc = acc + torch.log(torch.abs(r - 2.0 * r * x))
            x = r * x * (1.0 - x)
        return acc / self.n_iter


def get_inputs():
    r = 2.8 + 1.2 * torch.rand(num_orbits)
    x0 = 0.1 + 0.8 * torch.rand(num_orbits)
    return [r, x0]


def get_init_inputs():
    return [n_burn, n_iter]
