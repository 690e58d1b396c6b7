"""Triton constant-velocity Kalman filter: one lane per track carrying the state and the 2x2 covariance through a
run-time loop over the measurements."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kalman_kernel(z_ptr, out_ptr, B, T, dt, q00, q01, q11, r, p0, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    b = pid * BLOCK + tl.arange(0, BLOCK)
    mb = b < B
    x0 = tl.zeros([BLOCK], dtype=tl.float32)
    x1 = tl.zeros([BLOCK], dtype=tl.float32)
    p00 = tl.zeros([BLOCK], dtype=tl.float32) + p0
    p01 = tl.zeros([BLOCK], dtype=tl.float32)
    p10 = tl.zeros([BLOCK], dtype=tl.float32)
    p11 = tl.zeros([BLOCK], dtype=tl.float32) + p0
    for t in range(T):
        x0 = x0 + dt * x1
        n00 = p00 + dt * (p10 + p01) + dt * dt * p11 + q00
        n01 = p01 + dt * p11 + q01
        n10 = p10 + dt * p11 + q01
        n11 = p11 + q11
        s = n00 + r
        k0 = n00 / s
        k1 = n10 / s
        zt = tl.load(z_ptr + b * T + t, mask=mb, other=0.0)
        y = zt - x0
        x0 = x0 + k0 * y
        x1 = x1 + k1 * y
        p00 = (1.0 - k0) * n00
        p01 = (1.0 - k0) * n01
        p10 = n10 - k1 * n00
        p11 = n11 - k1 * n01
        tl.store(out_ptr + (b * T + t) * 2, x0, mask=mb)
        tl.store(out_ptr + (b * T + t) * 2 + 1, x1, mask=mb)


class ModelNew(nn.Module):
    def __init__(self, dt: float = 0.5, q: float = 0.3, r: float = 2.0, p0: float = 50.0):
        super().__init__()
        self.dt = dt
        self.q = q
        self.r = r
        self.p0 = p0

    def forward(self, z):
        z = z.contiguous()
        B, T = z.shape
        out = torch.empty((B, T, 2), dtype=z.dtype, device=z.device)
        dt, q = self.dt, self.q
        BLOCK = 256
        grid = (triton.cdiv(B, BLOCK),)
        kalman_kernel[grid](z, out, B, T, dt, q * dt ** 4 / 4.0, q * dt ** 3 / 2.0, q * dt * dt, self.r, self.p0,
                            BLOCK=BLOCK)
        return out
