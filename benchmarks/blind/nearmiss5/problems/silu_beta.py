"""Swish with a fixed beta: x * sigmoid(beta * x)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.sigmoid(self.beta * x)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1.5]
