"""Single-query attention decode step: softmax(q K^T / sqrt(d)) V per head."""

import torch
import torch.nn as nn

batch_heads = 4
seq_len = 256
head_dim = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        s = torch.einsum("hd,hsd->hs", q, k) / (q.shape[-1] ** 0.5)
        p = torch.softmax(s, dim=-1)
        return torch.einsum("hs,hsd->hd", p, v)


def get_inputs():
    return [
        torch.randn(batch_heads, head_dim),
        torch.randn(batch_heads, seq_len, head_dim),
        torch.randn(batch_heads, seq_len, head_dim),
    ]


def get_init_inputs():
    return []
