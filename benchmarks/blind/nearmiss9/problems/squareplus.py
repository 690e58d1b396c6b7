"""Squareplus activation: (x + sqrt(x^2 + b)) / 2."""

import torch
import torch.nn as nn

batch_size = 48
dim = 511
b_param = 4


class Model(nn.Module):
    def __init__(self, b: int):
        super().__init__()
        self.b = float(b)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return 0.5 * (x + torch.sqrt(x * x + self.b))


def get_inputs():
    return [torch.randn(batch_size, dim) * 3.0]


def get_init_inputs():
    return [b_param]
