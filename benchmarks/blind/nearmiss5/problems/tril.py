"""Batched lower-triangular part with a diagonal offset."""

import torch
import torch.nn as nn

batch_size = 4
rows = 40
cols = 50


class Model(nn.Module):
    def __init__(self, diagonal: int):
        super().__init__()
        self.diagonal = diagonal

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tril(x, diagonal=self.diagonal)


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return [1]
