"""Projectile range under quadratic drag with Triton: one lane per projectile, a loop over time steps."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def range_kernel(v0_ptr, ang_ptr, k_ptr, out_ptr, n, n_steps, dt, g, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v0 = tl.load(v0_ptr + offs, mask=m, other=1.0)
    ang = tl.load(ang_ptr + offs, mask=m, other=0.5)
    k = tl.load(k_ptr + offs, mask=m, other=0.0)
    vx = v0 * tl.cos(ang)
    vy = v0 * tl.sin(ang)
    x = tl.zeros([BLOCK], dtype=tl.float32)
    y = tl.zeros([BLOCK], dtype=tl.float32)
    rng = tl.zeros([BLOCK], dtype=tl.float32)
    landed = tl.zeros([BLOCK], dtype=tl.int1)
    for _ in range(0, n_steps):
        speed = tl.sqrt(vx * vx + vy * vy)
        ax = -k * speed * vx
        ay = -g - k * speed * vx
        vx = vx + ax * dt
        vy = vy + ay * dt
        xn = x + vx * dt
        yn = y + vy * dt
        hit = (landed == 0) & (yn < 0.0)
        frac = y / (y - yn)
        rng = tl.where(hit, x + frac * (xn - x), rng)
        landed = landed | hit
        x = xn
        y = yn
    tl.store(out_ptr + offs, tl.where(landed, rng, x), mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_steps: int, dt: float):
        super().__init__()
        self.num_steps = num_steps
        self.dt = dt

    def forward(self, v0: torch.Tensor, angle: torch.Tensor, drag: torch.Tensor) -> torch.Tensor:
        v0, angle, drag = v0.contiguous(), angle.contiguous(), drag.contiguous()
        n = v0.numel()
        out = torch.empty_like(v0)
        BLOCK = 128
        range_kernel[(triton.cdiv(n, BLOCK),)](v0, angle, drag, out, n, self.num_steps, self.dt, 9.81, BLOCK=BLOCK)
        return out
