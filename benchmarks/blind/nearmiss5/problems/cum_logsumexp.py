"""Cumulative log-sum-exp along each row."""

import torch
import torch.nn as nn

batch_size = 8
length = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.logcumsumexp(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return []
