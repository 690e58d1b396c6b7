"""Triton differential-drive odometry: one robot per lane, the steps integrated in a run-time loop."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def odometry_kernel(l_ptr, r_ptr, out_ptr, n_robots, n_steps, stride_l, stride_r, stride_o, inv_base,
                    BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    rob = pid * BLOCK + tl.arange(0, BLOCK)
    mask = rob < n_robots
    x = tl.zeros([BLOCK], dtype=tl.float32)
    y = tl.zeros([BLOCK], dtype=tl.float32)
    th = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, n_steps):
        dl = tl.load(l_ptr + rob * stride_l + i, mask=mask, other=0.0)
        dr = tl.load(r_ptr + rob * stride_r + i, mask=mask, other=0.0)
        ds = 0.5 * (dr + dl)
        dth = (dr - dl) * inv_base
        mid = th + 0.5 * dth
        x = x + ds * tl.cos(mid)
        y = y + ds * tl.sin(mid)
        th = th + dth
        base = out_ptr + rob * stride_o + i * 3
        tl.store(base, x, mask=mask)
        tl.store(base + 1, y, mask=mask)
        tl.store(base + 2, th, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, wheel_base: float):
        super().__init__()
        self.wheel_base = wheel_base

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        left = left.contiguous()
        right = right.contiguous()
        n_robots, n_steps = left.shape
        out = torch.empty(n_robots, n_steps, 3, device=left.device, dtype=torch.float32)
        BLOCK = 64
        odometry_kernel[(triton.cdiv(n_robots, BLOCK),)](left, right, out, n_robots, n_steps, left.stride(0),
                                                         right.stride(0), out.stride(0), 2.0 / self.wheel_base,
                                                         BLOCK=BLOCK)
        return out
