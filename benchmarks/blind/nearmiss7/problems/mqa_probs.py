"""Multi-query attention probabilities: softmax(Q K^T / sqrt(d)) with one K shared by all heads."""

import math

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_len = 48
head_dim = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        scores = torch.matmul(q, k.unsqueeze(1).transpose(-1, -2)) / math.sqrt(q.shape[-1])
        return torch.softmax(scores, dim=-1)


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    k = torch.randn(batch_size, seq_len, head_dim)
    return [q, k]


def get_init_inputs():
    return []
