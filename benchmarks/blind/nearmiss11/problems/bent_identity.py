"""Bent identity activation (KernelBench level-1 style reference problem)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1531


class Model(nn.Module):
    """y = (sqrt(x^2 + 1) - 1) / 2 + x, elementwise."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (torch.sqrt(x * x + 1.0) - 1.0) / 2.0 + x


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
