"""Triton axial 2D RoPE: one program per (batch, head, token) rotates the row half and the column half of the head vector."""

import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _axial_rope_kernel(x_ptr, out_ptr, N, GW, log_base, D: tl.constexpr):
    pid = tl.program_id(0)
    n = pid % N
    pr = n % GW
    pc = n // GW
    Q: tl.constexpr = D // 4
    HALF: tl.constexpr = D // 2
    j = tl.arange(0, Q)
    inv = tl.exp(-(j * 2.0 / HALF) * log_base)
    base = pid * D
    a1 = tl.load(x_ptr + base + j)
    a2 = tl.load(x_ptr + base + Q + j)
    ang = pr.to(tl.float32) * inv
    c = tl.cos(ang)
    s = tl.sin(ang)
    tl.store(out_ptr + base + j, a1 * c - a2 * s)
    tl.store(out_ptr + base + Q + j, a2 * c + a1 * s)
    b1 = tl.load(x_ptr + base + 2 * Q + j)
    b2 = tl.load(x_ptr + base + 3 * Q + j)
    ang = pc.to(tl.float32) * inv
    c = tl.cos(ang)
    s = tl.sin(ang)
    tl.store(out_ptr + base + 2 * Q + j, b1 * c - b2 * s)
    tl.store(out_ptr + base + 3 * Q + j, b2 * c + b1 * s)


class ModelNew(nn.Module):
    def __init__(self, grid_h: int, grid_w: int, base: float = 100.0):
        super().__init__()
        self.grid_h = grid_h
        self.grid_w = grid_w
        self.base = base

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, Hd, N, D = x.shape
        out = torch.empty_like(x)
        _axial_rope_kernel[(B * Hd * N,)](x, out, N, self.grid_w, math.log(self.base), D=D)
        return out
