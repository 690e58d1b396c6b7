"""Penalized tanh activation: tanh(x) for x > 0, a * tanh(x) otherwise."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1111


class Model(nn.Module):
    def __init__(self, a=0.25):
        super().__init__()
        self.a = a

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        t = torch.tanh(x)
        return torch.where(x > 0, t, self.a * t)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return [0.25]
