"""Materialised transpose of a matrix (out = x^T, contiguous)."""

import torch
import torch.nn as nn

rows = 48
cols = 80


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.t().contiguous()


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
