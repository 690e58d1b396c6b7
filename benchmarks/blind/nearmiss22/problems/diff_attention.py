"""Differential attention (DIFF Transformer), causal: the difference of two softmax maps built from the two
halves of the query / key head dimension, weighted by a learned lambda, applied to the full-width values,
followed by a per-head RMS normalisation (no affine) and the (1 - lambda_init) scale."""

import math

import torch
import torch.nn as nn

batch_size = 1
num_heads = 2
seq_len = 40
head_dim = 16
layer_depth = 3


class Model(nn.Module):
    def __init__(self, head_dim: int, layer_depth: int):
        super().__init__()
        self.lambda_init = 0.8 - 0.6 * math.exp(-0.3 * layer_depth)
        self.lambda_q1 = nn.Parameter(torch.randn(head_dim) * 0.1)
        self.lambda_k1 = nn.Parameter(torch.randn(head_dim) * 0.1)
        self.lambda_q2 = nn.Parameter(torch.randn(head_dim) * 0.1)
        self.lambda_k2 = nn.Parameter(torch.randn(head_dim) * 0.1)
        self.eps = 1e-5

    def forward(self, q, k, v):
        T = q.shape[-2]
        d = q.shape[-1] // 2
        scale = d ** -0.5
        causal = torch.ones(T, T, dtype=torch.bool, device=q.device).tril()
        s1 = (q[..., :d] @ k[..., :d].transpose(-1, -2)) * scale
        s2 = (q[..., d:] @ k[..., d:].transpose(-1, -2)) * scale
        a1 = torch.softmax(s1.masked_fill(~causal, float("-inf")), dim=-1)
        a2 = torch.softmax(s2.masked_fill(~causal, float("-inf")), dim=-1)
        lam = (torch.exp(torch.sum(self.lambda_q1 * self.lambda_k1)) - torch.exp(torch.sum(self.lambda_q2 * self.lambda_k2))
               + self.lambda_init)
        o = (a1 - lam * a2) @ v
        o = o * torch.rsqrt(o.pow(2).mean(-1, keepdim=True) + self.eps)
        return o * (1.0 - self.lambda_init)


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, 2 * head_dim)
    k = torch.randn(batch_size, num_heads, seq_len, 2 * head_dim)
    v = torch.randn(batch_size, num_heads, seq_len, 2 * head_dim)
    return [q, k, v]


def get_init_inputs():
    return [head_dim, layer_depth]
