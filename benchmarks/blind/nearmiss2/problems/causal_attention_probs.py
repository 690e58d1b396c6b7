"""Causal self-attention probabilities: softmax(q k^T / sqrt(d)) with future positions masked."""

import math

import torch
import torch.nn as nn

batch_size = 1
num_heads = 4
seq_len = 64
head_dim = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        s = q.shape[2]
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        future = torch.triu(torch.ones(s, s, dtype=torch.bool, device=q.device), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        return torch.softmax(scores, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, head_dim),
            torch.randn(batch_size, num_heads, seq_len, head_dim)]


def get_init_inputs():
    return []
