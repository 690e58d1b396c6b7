"""Elementwise polynomial with learnable coefficients, evaluated by Horner's rule."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1111
degree = 5


class Model(nn.Module):
    def __init__(self, degree: int):
        super().__init__()
        # coeffs[k] multiplies x**k
        self.coeffs = nn.Parameter(torch.randn(degree + 1) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c = self.coeffs
        y = torch.full_like(x, 0.0) + c[-1]
        for k in range(c.numel() - 2, -1, -1):
            y = y * x + c[k]
        return y


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [degree]
