"""Grouped-query attention (non-causal): several query heads share one key/value head."""

import math

import torch
import torch.nn as nn

batch_size = 1
num_q_heads = 8
num_kv_heads = 2
seq_len = 64
head_dim = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        group = q.shape[1] // k.shape[1]
        k = k.repeat_interleave(group, dim=1)
        v = v.repeat_interleave(group, dim=1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        return torch.softmax(scores, dim=-1) @ v


def get_inputs():
    q = torch.randn(batch_size, num_q_heads, seq_len, head_dim)
    k = torch.randn(batch_size, num_kv_heads, seq_len, head_dim)
    v = torch.randn(batch_size, num_kv_heads, seq_len, head_dim)
    return [q, k, v]


def get_init_inputs():
    return []
