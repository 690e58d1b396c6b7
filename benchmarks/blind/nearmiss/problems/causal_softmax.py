"""Scaled, causally masked softmax of attention scores (batch, heads, seq, seq)."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 2
seq_len = 64


class Model(nn.Module):
    def __init__(self, scale: float = 0.125):
        super().__init__()
        self.scale = scale

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        s = scores.shape[-1]
        causal = torch.ones(s, s, dtype=torch.bool).triu(1)
        return torch.softmax((scores * self.scale).masked_fill(causal, float("-inf")), dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, seq_len)]


def get_init_inputs():
    return [0.125]
