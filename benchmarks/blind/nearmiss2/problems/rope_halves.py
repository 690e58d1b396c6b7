"""Rotary position embedding (rotate-half convention, as in Llama) applied to a
(batch, heads, seq, head_dim) query tensor; the cos/sin tables are built from base 10000."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_len = 32
head_dim = 64
base = 10000.0


def rope_tables(seq_len: int, head_dim: int, base: float, device=None):
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32, device=device) / head_dim))
    pos = torch.arange(seq_len, dtype=torch.float32, device=device)
    freqs = torch.outer(pos, inv_freq)
    emb = torch.cat([freqs, freqs], dim=-1)
    return emb.cos(), emb.sin()


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        cos, sin = rope_tables(q.shape[2], q.shape[3], base, q.device)
        half = q.shape[-1] // 2
        rotated = torch.cat([-q[..., half:], q[..., :half]], dim=-1)
        return q * cos + rotated * sin


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, head_dim)]


def get_init_inputs():
    return []
