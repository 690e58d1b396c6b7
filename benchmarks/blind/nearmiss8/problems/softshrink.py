"""Soft shrinkage with a fixed threshold (KernelBench level-1 style reference problem)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1337
lambd = 0.4


class Model(nn.Module):
    def __init__(self, lambd: float):
        super().__init__()
        self.lambd = lambd

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.softshrink(x, self.lambd)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [lambd]
