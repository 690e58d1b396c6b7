"""Lower Cholesky factor of a batch of symmetric positive-definite 3x3 matrices."""

import torch
import torch.nn as nn

num_matrices = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor) -> torch.Tensor:
        return torch.linalg.cholesky(a)


def get_inputs():
    m = torch.randn(num_matrices, 3, 3)
    return [m @ m.transpose(-1, -2) + 0.5 * torch.eye(3)]


def get_init_inputs():
    return []
