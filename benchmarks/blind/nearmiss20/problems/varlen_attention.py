"""Causal attention over packed variable-length sequences (flash-attn varlen / xformers block-diagonal).

q, k, v: (total_tokens, num_heads, head_dim); cu_seqlens: (num_seqs + 1,) offsets of the sequences.
A query attends to the keys of its own sequence at positions <= its own.
"""

import math

import torch
import torch.nn as nn

num_seqs = 4
max_seqlen = 40
num_heads = 2
head_dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, cu_seqlens):
        out = torch.empty_like(q)
        scale = 1.0 / math.sqrt(q.shape[-1])
        bounds = cu_seqlens.tolist()
        for s in range(len(bounds) - 1):
            a, b = bounds[s], bounds[s + 1]
            qs, ks, vs = (t[a:b].transpose(0, 1) for t in (q, k, v))
            scores = qs @ ks.transpose(1, 2) * scale
            n = b - a
            causal = torch.ones(n, n, dtype=torch.bool, device=q.device).tril()
            scores = scores.masked_fill(~causal, float("-inf"))
            out[a:b] = (torch.softmax(scores, dim=-1) @ vs).transpose(0, 1)
        return out


def get_inputs():
    lens = torch.randint(1, max_seqlen + 1, (num_seqs,))
    lens[0] = max_seqlen
    lens[1] = 1
    cu = torch.zeros(num_seqs + 1, dtype=torch.int32)
    cu[1:] = torch.cumsum(lens, 0)
    total = int(cu[-1])
    q = torch.randn(total, num_heads, head_dim)
    k = torch.randn(total, num_heads, head_dim)
    v = torch.randn(total, num_heads, head_dim)
    return [q, k, v, cu]


def get_init_inputs():
    return []
