"""Orthonormal DCT-II along the last dimension (scipy norm='ortho')."""

import math

import torch
import torch.nn as nn

batch_size = 16
length = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        N = x.shape[1]
        n = torch.arange(N, dtype=torch.float64)
        k = torch.arange(N, dtype=torch.float64)
        M = torch.cos(math.pi * (2 * n[None, :] + 1) * k[:, None] / (2 * N))
        scale = torch.full((N,), math.sqrt(2.0 / N), dtype=torch.float64)
        scale[0] = math.sqrt(1.0 / N)
        return (x.double() @ (M * scale[:, None]).T).float()


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return []
