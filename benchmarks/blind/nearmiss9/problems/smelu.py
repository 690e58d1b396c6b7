"""Smooth ReLU (SmeLU): 0 below -beta, x above beta, (x + beta)^2 / (4 beta) in between."""

import torch
import torch.nn as nn

batch_size = 40
dim = 401
beta = 2


class Model(nn.Module):
    def __init__(self, beta: int):
        super().__init__()
        self.beta = float(beta)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b = self.beta
        mid = (x + b) ** 2 / (4.0 * b)
        return torch.where(x >= b, x, torch.where(x <= -b, torch.zeros_like(x), mid))


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.5]


def get_init_inputs():
    return [beta]
