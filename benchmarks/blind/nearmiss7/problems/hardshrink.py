"""Hard shrinkage with threshold lambd (KernelBench level-1 style reference)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 24
dim = 901
lambd = 1.0


class Model(nn.Module):
    def __init__(self, lambd: float):
        super().__init__()
        self.lambd = lambd

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.hardshrink(x, lambd=self.lambd)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [lambd]
