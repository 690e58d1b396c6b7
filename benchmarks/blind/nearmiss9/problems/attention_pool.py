"""Attention pooling over a sequence with a learnable query vector."""

import math

import torch
import torch.nn as nn

batch_size = 16
seq_len = 37
dim = 48


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.query = nn.Parameter(torch.randn(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = (x @ self.query) / math.sqrt(x.shape[-1])
        w = torch.softmax(s, dim=1)
        return (w.unsqueeze(-1) * x).sum(1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim]
