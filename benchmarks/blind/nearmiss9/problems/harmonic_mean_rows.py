"""Per-row harmonic mean of positive values."""

import torch
import torch.nn as nn

batch_size = 64
dim = 257


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.shape[1] / (1.0 / x).sum(1)


def get_inputs():
    return [torch.rand(batch_size, dim) * 2.0 + 0.25]


def get_init_inputs():
    return []
