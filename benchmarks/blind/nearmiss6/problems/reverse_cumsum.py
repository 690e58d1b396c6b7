"""Reverse (suffix) cumulative sum along the last dimension."""

import torch
import torch.nn as nn

batch_size = 6
length = 1500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.flip(1).cumsum(1).flip(1)


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return []
