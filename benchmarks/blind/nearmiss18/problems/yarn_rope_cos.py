"""YaRN-scaled rotary cosine table (HF transformers `_compute_yarn_parameters` inverse frequencies,
attention factor 0.1 * ln(factor) + 1) evaluated at arbitrary (fractional) positions."""

import math

import torch
import torch.nn as nn

batch_size = 2
seq_len = 24
rot_dim = 64
rope_base = 10000
scale_factor = 8
original_max_position = 2048


def _correction_dim(num_rotations, dim, base, max_pos):
    return (dim * math.log(max_pos / (num_rotations * 2 * math.pi))) / (2 * math.log(base))


class Model(nn.Module):
    def __init__(self, dim, base, factor, original_max_pos, beta_fast=32.0, beta_slow=1.0):
        super().__init__()
        self.dim = dim
        self.base = float(base)
        self.factor = float(factor)
        self.original_max_pos = original_max_pos
        self.beta_fast = beta_fast
        self.beta_slow = beta_slow

    def forward(self, positions: torch.Tensor) -> torch.Tensor:
        dev = positions.device
        half = self.dim // 2
        low = math.floor(_correction_dim(self.beta_fast, self.dim, self.base, self.original_max_pos))
        high = math.ceil(_correction_dim(self.beta_slow, self.dim, self.base, self.original_max_pos))
        low, high = max(low, 0), min(high, self.dim - 1)
        if low == high:
            high += 0.001
        pos_freqs = self.base ** (torch.arange(0, self.dim, 2, device=dev, dtype=torch.float32) / self.dim)
        inv_extra = 1.0 / pos_freqs
        inv_inter = 1.0 / (self.factor * pos_freqs)
        ramp = ((torch.arange(half, device=dev, dtype=torch.float32) - low) / (high - low)).clamp(0.0, 1.0)
        extra_w = 1.0 - ramp
        inv_freq = inv_inter * (1.0 - extra_w) + inv_extra * extra_w
        mscale = 0.1 * math.log(self.factor) + 1.0
        angles = positions[..., None] * inv_freq
        return torch.cos(angles) * mscale


def get_inputs():
    return [torch.rand(batch_size, seq_len) * 16.0]


def get_init_inputs():
    return [rot_dim, rope_base, scale_factor, original_max_position]
