"""Rotary position embedding, interleaved-pair (GPT-J) form, on a (batch, seq, heads, head_dim)
tensor; angles are position * base^(-2i/head_dim), computed inside the op."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 32
num_heads = 4
head_dim = 64


class Model(nn.Module):
    def __init__(self, base: float = 10000.0):
        super().__init__()
        self.base = base

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, h, d = x.shape
        inv_freq = self.base ** (-torch.arange(0, d, 2, dtype=torch.float32) / d)
        angles = torch.arange(s, dtype=torch.float32)[:, None] * inv_freq[None, :]
        cos = angles.cos()[None, :, None, :]
        sin = angles.sin()[None, :, None, :]
        x_even = x[..., 0::2]
        x_odd = x[..., 1::2]
        out = torch.empty_like(x)
        out[..., 0::2] = x_even * cos - x_odd * sin
        out[..., 1::2] = x_even * sin + x_odd * cos
        return out


def get_inputs():
    return [torch.randn(batch_size, seq_len, num_heads, head_dim)]


def get_init_inputs():
    return [10000.0]
