"""Partial rotary embedding (GPT-NeoX rotary_pct / Phi): only the first rotary_dim channels of every head
are rotated (rotate-half layout) by angles position * inv_freq; the remaining channels pass through."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 40
num_heads = 4
head_dim = 64
rotary_dim = 16


class Model(nn.Module):
    def __init__(self, rotary_dim, base=10000.0):
        super().__init__()
        self.rotary_dim = rotary_dim
        inv_freq = 1.0 / (base ** (torch.arange(0, rotary_dim, 2, dtype=torch.float32) / rotary_dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, x, position_ids):
        rot = self.rotary_dim
        freqs = position_ids[..., None].to(torch.float32) * self.inv_freq
        emb = torch.cat([freqs, freqs], dim=-1)
        cos = emb.cos()[:, :, None, :]
        sin = emb.sin()[:, :, None, :]
        x_rot, x_pass = x[..., :rot], x[..., rot:]
        x1, x2 = x_rot[..., : rot // 2], x_rot[..., rot // 2:]
        rotated = torch.cat([-x2, x1], dim=-1)
        return torch.cat([x_rot * cos + rotated * sin, x_pass], dim=-1)


def get_inputs():
    pos = torch.arange(seq_len)[None, :].repeat(batch_size, 1) + torch.randint(0, 50, (batch_size, 1))
    return [torch.randn(batch_size, seq_len, num_heads, head_dim), pos]


def get_init_inputs():
    return [rotary_dim]
