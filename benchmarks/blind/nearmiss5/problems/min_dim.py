"""Minimum over the middle dimension of a 3-D tensor (values only)."""

import torch
import torch.nn as nn

batch_size = 8
reduce_len = 5
cols = 600


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.min(x, dim=1).values


def get_inputs():
    return [torch.randn(batch_size, reduce_len, cols)]


def get_init_inputs():
    return []
