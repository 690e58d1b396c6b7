"""Axial 2D rotary embedding for ViT patch tokens: first half of each head rotated by the patch row, second half by the patch column (rotate-half pairing)."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 2
grid_h = 5
grid_w = 7
head_dim = 32


def _rotate(x, pos, base):
    half = x.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, half, 2, dtype=torch.float32) / half))
    ang = pos.to(torch.float32)[:, None] * inv_freq[None, :]
    cos = torch.cat([ang.cos(), ang.cos()], dim=-1)
    sin = torch.cat([ang.sin(), ang.sin()], dim=-1)
    x1, x2 = x[..., : half // 2], x[..., half // 2:]
    rot = torch.cat([-x2, x1], dim=-1)
    return x * cos + rot * sin


class Model(nn.Module):
    def __init__(self, grid_h: int, grid_w: int, base: float = 100.0):
        super().__init__()
        self.grid_h = grid_h
        self.grid_w = grid_w
        self.base = base

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        N, D = x.shape[-2], x.shape[-1]
        n = torch.arange(N)
        row, col = n // self.grid_w, n % self.grid_w
        return torch.cat([_rotate(x[..., : D // 2], row, self.base), _rotate(x[..., D // 2:], col, self.base)], dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, grid_h * grid_w, head_dim)]


def get_init_inputs():
    return [grid_h, grid_w]
