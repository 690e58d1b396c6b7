"""Causal single-head attention with contextual position encoding (CoPE, Golovneva et al. 2024)."""

import math

import torch
import torch.nn as nn

batch_size = 2
seq_len = 40
head_dim = 24
npos_max = 12


class Model(nn.Module):
    def __init__(self, head_dim: int, npos_max: int):
        super().__init__()
        self.npos_max = npos_max
        self.pos_emb = nn.Parameter(0.5 * torch.randn(head_dim, npos_max))

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        t = q.shape[1]
        logits = torch.matmul(q, k.transpose(1, 2)) / math.sqrt(q.shape[-1])
        future = torch.triu(torch.ones(t, t, dtype=torch.bool, device=q.device), diagonal=1)
        logits = logits.masked_fill(future, float("-inf"))
        gates = torch.sigmoid(logits)
        pos = gates.flip(-1).cumsum(dim=-1).flip(-1)
        pos = pos.clamp(max=self.npos_max - 1)
        pos_ceil = pos.ceil().long()
        pos_floor = pos.floor().long()
        logits_int = torch.matmul(q, self.pos_emb)
        logits_ceil = logits_int.gather(-1, pos_ceil)
        logits_floor = logits_int.gather(-1, pos_floor)
        w = pos - pos_floor
        logits = logits + logits_ceil * w + logits_floor * (1.0 - w)
        return torch.matmul(torch.softmax(logits, dim=-1), v)


def get_inputs():
    q = torch.randn(batch_size, seq_len, head_dim)
    k = torch.randn(batch_size, seq_len, head_dim)
    v = torch.randn(batch_size, seq_len, head_dim)
    return [q, k, v]


def get_init_inputs():
    return [head_dim, npos_max]
