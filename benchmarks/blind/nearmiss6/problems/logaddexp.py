"""Elementwise log(exp(a) + exp(b))."""

import torch
import torch.nn as nn

batch_size = 12
dim = 1200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.logaddexp(a, b)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0, torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return []
