"""Self-attention with a learnable per-head relative position bias bias[h, i - j + L - 1]."""

import math

import torch
import torch.nn as nn

batch_size = 2
num_heads = 3
seq_len = 40
head_dim = 16


class Model(nn.Module):
    def __init__(self, num_heads: int, max_len: int):
        super().__init__()
        self.max_len = max_len
        self.rel_bias = nn.Parameter(torch.randn(num_heads, 2 * max_len - 1) * 0.5)

    def forward(self, q, k, v):
        s = q.shape[2]
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        idx = torch.arange(s)[:, None] - torch.arange(s)[None, :] + self.max_len - 1
        scores = scores + self.rel_bias[:, idx]
        return torch.softmax(scores, dim=-1) @ v


def get_inputs():
    shape = (batch_size, num_heads, seq_len, head_dim)
    return [torch.randn(shape), torch.randn(shape), torch.randn(shape)]


def get_init_inputs():
    return [num_heads, seq_len]
