"""Eigenvalues (ascending) of a batch of symmetric 2x2 matrices."""

import torch
import torch.nn as nn

num_matrices = 4000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor) -> torch.Tensor:
        return torch.linalg.eigvalsh(a)


def get_inputs():
    m = torch.randn(num_matrices, 2, 2)
    return [m + m.transpose(-1, -2)]


def get_init_inputs():
    return []
