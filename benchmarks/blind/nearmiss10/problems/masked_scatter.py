"""Tensor.masked_scatter: masked positions take consecutive elements of a source vector."""

import torch
import torch.nn as nn

batch_size = 64
dim = 157


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor, source: torch.Tensor) -> torch.Tensor:
        return x.masked_scatter(mask, source)


def get_inputs():
    x = torch.randn(batch_size, dim)
    mask = torch.rand(batch_size, dim) < 0.5
    source = torch.randn(batch_size * dim)
    return [x, mask, source]


def get_init_inputs():
    return []
