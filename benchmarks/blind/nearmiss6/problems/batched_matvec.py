"""Batched matrix-vector product."""

import torch
import torch.nn as nn

batch_size = 6
rows = 150
cols = 33


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return torch.bmm(A, v.unsqueeze(-1)).squeeze(-1)


def get_inputs():
    return [torch.randn(batch_size, rows, cols), torch.randn(batch_size, cols)]


def get_init_inputs():
    return []
