"""Determinant of a batch of 3x3 matrices."""

import torch
import torch.nn as nn

num_matrices = 2048


class Model(nn.Module):
    """torch.linalg.det over a (N, 3, 3) batch."""

    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor) -> torch.Tensor:
        return torch.linalg.det(a)


def get_inputs():
    return [torch.randn(num_matrices, 3, 3)]


def get_init_inputs():
    return []
