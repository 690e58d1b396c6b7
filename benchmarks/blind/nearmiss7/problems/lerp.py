"""torch.lerp with a learnable per-feature weight broadcast over rows."""

import torch
import torch.nn as nn

batch_size = 24
dim = 901


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(dim))

    def forward(self, start: torch.Tensor, end: torch.Tensor) -> torch.Tensor:
        return torch.lerp(start, end, self.weight)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim]
