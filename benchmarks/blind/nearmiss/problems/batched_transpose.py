"""Batched matrix transpose materialised contiguously: (batch, rows, cols) -> (batch, cols, rows)."""

import torch
import torch.nn as nn

batch_size = 4
rows = 96
cols = 80


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.transpose(1, 2).contiguous()


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return []
