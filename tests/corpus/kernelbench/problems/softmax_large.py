"""Level 1: softmax over dim 1 of a (batch, dim) matrix (large, KernelBench-scale shapes for GPU runs)."""

import torch
import torch.nn as nn

batch_size = 4096
dim = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
