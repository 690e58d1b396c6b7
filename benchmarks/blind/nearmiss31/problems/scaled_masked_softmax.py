"""Scaled masked softmax over attention scores (apex FusedScaleMaskSoftmax-style; masked scores are set to -10000)."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_q = 24
seq_k = 50


class Model(nn.Module):
    def __init__(self, scale: float = 0.125):
        super().__init__()
        self.scale = scale

    def forward(self, scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = scores * self.scale
        x = x.masked_fill(mask, -10000.0)
        return torch.softmax(x, dim=-1)


def get_inputs():
    scores = torch.randn(batch_size, num_heads, seq_q, seq_k) * 8.0
    mask = torch.rand(batch_size, 1, seq_q, seq_k) < 0.3
    mask[:, :, ::7] = True
    return [scores, mask]


def get_init_inputs():
    return [0.125]
