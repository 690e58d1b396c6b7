"""torch.clamp with tensor bounds (where lo > hi the result is hi, as torch defines it)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, lo: torch.Tensor, hi: torch.Tensor) -> torch.Tensor:
        return torch.clamp(x, min=lo, max=hi)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0, torch.randn(batch_size, dim) - 1.0,
            torch.randn(batch_size, dim) + 1.0]


def get_init_inputs():
    return []
