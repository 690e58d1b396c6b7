"""Cumulative sum of the kept elements of each row (KernelBench level-1 masked cumsum)."""

import torch
import torch.nn as nn

batch_size = 6
length = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        return torch.cumsum(x * mask, dim=1)


def get_inputs():
    return [torch.randn(batch_size, length), torch.rand(batch_size, length) > 0.5]


def get_init_inputs():
    return []
