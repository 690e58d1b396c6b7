"""Gated linear attention (GLA), recurrent form: a (key_dim x value_dim) state per head decayed along the key
dimension by data-dependent forget gates exp(logsigmoid(gk) / gate_normalizer), then read out by the scaled query."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
num_heads = 2
seq_len = 24
key_dim = 16
value_dim = 32
gate_normalizer = 8


class Model(nn.Module):
    def __init__(self, gate_normalizer: int):
        super().__init__()
        self.gate_normalizer = gate_normalizer

    def forward(self, q, k, v, gk):
        B, H, T, DK = q.shape
        DV = v.shape[-1]
        scale = DK ** -0.5
        g = F.logsigmoid(gk) / self.gate_normalizer
        state = torch.zeros(B, H, DK, DV, device=q.device, dtype=q.dtype)
        out = torch.empty(B, H, T, DV, device=q.device, dtype=q.dtype)
        for t in range(T):
            state = state * g[:, :, t].exp().unsqueeze(-1) + k[:, :, t].unsqueeze(-1) * v[:, :, t].unsqueeze(-2)
            out[:, :, t] = torch.einsum("bhk,bhkv->bhv", q[:, :, t] * scale, state)
        return out


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, key_dim)
    k = torch.randn(batch_size, num_heads, seq_len, key_dim)
    v = torch.randn(batch_size, num_heads, seq_len, value_dim)
    gk = torch.randn(batch_size, num_heads, seq_len, key_dim) * 2.0
    return [q, k, v, gk]


def get_init_inputs():
    return [gate_normalizer]
