"""Reverse the order of the last dimension."""

import torch
import torch.nn as nn

batch_size = 9
dim = 1234


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.flip(x, dims=[1])


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
