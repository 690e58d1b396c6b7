"""Bucketize values against fixed sorted boundaries (right=False)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000
num_boundaries = 25


class Model(nn.Module):
    def __init__(self, num_boundaries: int):
        super().__init__()
        self.register_buffer("boundaries", torch.linspace(-3.0, 3.0, num_boundaries))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.bucketize(x, self.boundaries)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return [num_boundaries]
