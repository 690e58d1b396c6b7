"""Tukey biweight (bisquare) robust regression loss, mean over all elements."""

import torch
import torch.nn as nn

batch_size = 16
dim = 511


class Model(nn.Module):
    """rho(r) = c^2 / 6 * (1 - (1 - (r / c)^2)^3) for |r| <= c, c^2 / 6 beyond; mean over elements."""

    def __init__(self, c: float = 4.685):
        super().__init__()
        self.c = c

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        r = (pred - target).abs()
        u = torch.clamp(r / self.c, max=1.0)
        return (self.c ** 2 / 6.0 * (1.0 - (1.0 - u * u) ** 3)).mean()


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [4.685]
