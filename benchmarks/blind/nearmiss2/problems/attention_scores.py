"""Attention probabilities without a mask: softmax(q k^T / sqrt(head_dim))."""

import math

import torch
import torch.nn as nn

batch_size = 1
num_heads = 4
seq_len = 32
head_dim = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        return torch.softmax(scores, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, head_dim),
            torch.randn(batch_size, num_heads, seq_len, head_dim)]


def get_init_inputs():
    return []
