"""Outer product of two vectors."""

import torch
import torch.nn as nn

m = 100
n = 70


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.outer(a, b)


def get_inputs():
    return [torch.randn(m), torch.randn(n)]


def get_init_inputs():
    return []
