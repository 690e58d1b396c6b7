"""Attention logits with QK-norm: RMS-normalised (learnable scale) queries and keys, scaled dot product."""

import torch
import torch.nn as nn

batch_heads = 8
seq_len = 48
head_dim = 32


class Model(nn.Module):
    def __init__(self, head_dim: int, eps: float = 1e-6):
        super().__init__()
        self.q_weight = nn.Parameter(1.0 + 0.1 * torch.randn(head_dim))
        self.k_weight = nn.Parameter(1.0 + 0.1 * torch.randn(head_dim))
        self.eps = eps

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        qn = q * torch.rsqrt(q.pow(2).mean(-1, keepdim=True) + self.eps) * self.q_weight
        kn = k * torch.rsqrt(k.pow(2).mean(-1, keepdim=True) + self.eps) * self.k_weight
        return torch.matmul(qn, kn.transpose(-1, -2)) / (q.shape[-1] ** 0.5)


def get_inputs():
    return [torch.randn(batch_heads, seq_len, head_dim), torch.randn(batch_heads, seq_len, head_dim)]


def get_init_inputs():
    return [head_dim, 1e-6]
