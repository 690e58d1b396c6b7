"""Kronecker product of two matrices."""

import torch
import torch.nn as nn

a_rows = 12
a_cols = 10
b_rows = 16
b_cols = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.kron(a, b)


def get_inputs():
    return [torch.randn(a_rows, a_cols), torch.randn(b_rows, b_cols)]


def get_init_inputs():
    return []
