"""Cross product of batches of 3-vectors."""

import torch
import torch.nn as nn

num_vectors = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.linalg.cross(a, b, dim=1)


def get_inputs():
    return [torch.randn(num_vectors, 3), torch.randn(num_vectors, 3)]


def get_init_inputs():
    return []
