"""Prefix-LM attention (T5/UniLM/PaliGemma style): bidirectional over the first prefix_len tokens, causal afterwards."""

import math
import torch
import torch.nn as nn

batch_size = 1
num_heads = 2
seq_len = 40
head_dim = 32
prefix_len = 12


class Model(nn.Module):
    def __init__(self, prefix_len: int):
        super().__init__()
        self.prefix_len = prefix_len

    def forward(self, q, k, v):
        S, D = q.shape[-2], q.shape[-1]
        scores = q @ k.transpose(-1, -2) / math.sqrt(D)
        i = torch.arange(S, device=q.device)[:, None]
        j = torch.arange(S, device=q.device)[None, :]
        allowed = (j <= i) | (j < self.prefix_len)
        scores = scores.masked_fill(~allowed, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


def get_inputs():
    shape = (batch_size, num_heads, seq_len, head_dim)
    return [torch.randn(shape), torch.randn(shape), torch.randn(shape)]


def get_init_inputs():
    return [prefix_len]
