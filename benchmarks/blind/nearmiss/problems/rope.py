"""Rotary position embedding (rotate-half form) applied to a (batch, heads, seq, head_dim) tensor
with precomputed cos/sin tables of shape (seq, head_dim)."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_len = 32
head_dim = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        half = q.shape[-1] // 2
        rotated = torch.cat((-q[..., half:], q[..., :half]), dim=-1)
        return q * cos + rotated * sin


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2).float() / head_dim))
    angles = torch.outer(torch.arange(seq_len).float(), inv_freq)
    emb = torch.cat((angles, angles), dim=-1)
    return [q, emb.cos(), emb.sin()]


def get_init_inputs():
    return []
