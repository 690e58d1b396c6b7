"""xPos rotary embedding of queries and keys: half-split rotation with a per-frequency length decay.

Returns torch.stack([q_rotated, k_rotated])."""

import math

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_len = 50
head_dim = 64


class Model(nn.Module):
    def __init__(self, base: float = 10000.0, gamma: float = 0.4, scale_base: float = 512.0):
        super().__init__()
        self.base = base
        self.gamma = gamma
        self.scale_base = scale_base

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        T, D = q.shape[-2], q.shape[-1]
        half = D // 2
        i = torch.arange(half, device=q.device, dtype=torch.float32)
        inv_freq = torch.exp(i * (-2.0 * math.log(self.base) / D))
        pos = torch.arange(T, device=q.device, dtype=torch.float32)
        ang = pos[:, None] * inv_freq[None, :]
        zeta = (2.0 * i / D + self.gamma) / (1.0 + self.gamma)
        power = (pos - T // 2) / self.scale_base
        scale = torch.exp(power[:, None] * torch.log(zeta)[None, :])
        cos, sin = ang.cos(), ang.sin()

        def rot(x, s):
            x1, x2 = x[..., :half], x[..., half:]
            return torch.cat([(x1 * cos - x2 * sin) * s, (x2 * cos + x1 * sin) * s], dim=-1)

        return torch.stack([rot(q, scale), rot(k, 1.0 / scale)])


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    k = torch.randn(batch_size, num_heads, seq_len, head_dim)
    return [q, k]


def get_init_inputs():
    return [10000.0, 0.4, 512.0]
