"""Tanhshrink: x - tanh(x) (KernelBench level-1 style reference)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 20
dim = 1001


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.tanhshrink(x)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
