"""Triton Boris pusher: one lane per particle, all steps in one launch with the particle state in registers,
vectors as component triples."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cross3(ax, ay, az, bx, by, bz):
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


@triton.jit
def boris_kernel(x_ptr, v_ptr, e_ptr, b_ptr, out_ptr, N, steps, h, dt, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(x_ptr + offs * 3, mask=mask, other=0.0)
    y = tl.load(x_ptr + offs * 3 + 1, mask=mask, other=0.0)
    z = tl.load(x_ptr + offs * 3 + 2, mask=mask, other=0.0)
    vx = tl.load(v_ptr + offs * 3, mask=mask, other=0.0)
    vy = tl.load(v_ptr + offs * 3 + 1, mask=mask, other=0.0)
    vz = tl.load(v_ptr + offs * 3 + 2, mask=mask, other=0.0)
    ex = tl.load(e_ptr + offs * 3, mask=mask, other=0.0)
    ey = tl.load(e_ptr + offs * 3 + 1, mask=mask, other=0.0)
    ez = tl.load(e_ptr + offs * 3 + 2, mask=mask, other=0.0)
    tx = h * tl.load(b_ptr + offs * 3, mask=mask, other=0.0)
    ty = h * tl.load(b_ptr + offs * 3 + 1, mask=mask, other=0.0)
    tz = h * tl.load(b_ptr + offs * 3 + 2, mask=mask, other=0.0)
    denom = 1.0 + (tx * tx + ty * ty + tz * tz)
    sx = 2.0 * tx / denom
    sy = 2.0 * ty / denom
    sz = 2.0 * tz / denom
    for _ in range(steps):
        mx = vx + h * ex
        my = vy + h * ey
        mz = vz + h * ez
        cx, cy, cz = cross3(mx, my, mz, tx, ty, tz)
        px, py, pz = mx + cx, my + cy, mz + cz
        qx, qy, qz = cross3(px, py, pz, sx, sy, sz)
        vx = mx + qx + h * ex
        vy = my + qy + h * ey
        vz = mz + qz + h * ez
        x = x + dt * vx
        y = y + dt * vy
        z = z + dt * vz
    tl.store(out_ptr + offs * 6, x, mask=mask)
    tl.store(out_ptr + offs * 6 + 1, y, mask=mask)
    tl.store(out_ptr + offs * 6 + 2, z, mask=mask)
    tl.store(out_ptr + offs * 6 + 3, vx, mask=mask)
    tl.store(out_ptr + offs * 6 + 4, vy, mask=mask)
    tl.store(out_ptr + offs * 6 + 5, vz, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_steps: int, q_over_m: float = -1.5, dt: float = 0.05):
        super().__init__()
        self.num_steps = num_steps
        self.q_over_m = q_over_m
        self.dt = dt

    def forward(self, x, v, E, B):
        x, v, E, B = x.contiguous(), v.contiguous(), E.contiguous(), B.contiguous()
        N = x.shape[0]
        h = self.q_over_m * self.dt * 0.5
        out = torch.empty(N, 6, device=x.device, dtype=x.dtype)
        BLOCK = 512
        boris_kernel[(triton.cdiv(N, BLOCK),)](x, v, E, B, out, N, self.num_steps, h, self.dt, BLOCK=BLOCK)
        return out
