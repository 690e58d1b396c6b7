"""Merge two partial attention outputs by their log-sum-exp values (vLLM merge_attn_states style)."""

import torch
import torch.nn as nn

num_tokens = 12
num_heads = 4
head_dim = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, out_a, lse_a, out_b, lse_b):
        m = torch.maximum(lse_a, lse_b)
        wa = torch.exp(lse_a - m)
        wb = torch.exp(lse_b - m)
        s = wa + wb
        return out_a * (wa / s).unsqueeze(-1) + out_b * (wb / s).unsqueeze(-1)


def get_inputs():
    out_a = torch.randn(num_tokens, num_heads, head_dim)
    lse_a = torch.randn(num_tokens, num_heads) * 2.0
    out_b = torch.randn(num_tokens, num_heads, head_dim)
    lse_b = torch.randn(num_tokens, num_heads) * 2.0
    return [out_a, lse_a, out_b, lse_b]


def get_init_inputs():
    return []
