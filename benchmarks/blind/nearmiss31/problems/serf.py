"""Serf activation: x * erf(softplus(x))."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.erf(F.softplus(x))


def get_inputs():
    return [torch.randn(batch_size, dim) * 3.0]


def get_init_inputs():
    return []
