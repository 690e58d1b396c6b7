"""Causal sigmoid attention (Ramapuram et al. 2024): sigmoid(q k^T / sqrt(d) - log n) v, with future
positions contributing nothing."""

import math

import torch
import torch.nn as nn

batch_size = 1
num_heads = 3
seq_len = 48
head_dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        n, d = q.shape[-2], q.shape[-1]
        s = q @ k.transpose(-1, -2) * (1.0 / math.sqrt(d)) - math.log(n)
        p = torch.sigmoid(s)
        future = torch.ones(n, n, dtype=torch.bool, device=q.device).triu(1)
        p = p.masked_fill(future, 0.0)
        return p @ v


def get_inputs():
    shape = (batch_size, num_heads, seq_len, head_dim)
    return [2.0 * torch.randn(shape), 2.0 * torch.randn(shape), torch.randn(shape)]


def get_init_inputs():
    return []
