"""Inverse of a batch of 3x3 matrices."""

import torch
import torch.nn as nn

num_matrices = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, m: torch.Tensor) -> torch.Tensor:
        return torch.linalg.inv(m)


def get_inputs():
    return [torch.randn(num_matrices, 3, 3) * 0.5 + 2.0 * torch.eye(3)]


def get_init_inputs():
    return []
