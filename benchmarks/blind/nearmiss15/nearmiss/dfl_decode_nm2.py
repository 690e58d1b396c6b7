"""Triton DFL / GFL box decoding: one program per block of points; for each box side a (point, bin) tile
is soft-maxed over the bins and reduced to its expected distance."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def dfl_kernel(reg_ptr, proj_ptr, pts_ptr, str_ptr, out_ptr, N, R, BLOCK_N: tl.constexpr, BLOCK_R: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    bins = tl.arange(0, BLOCK_R)
    rm = rows < N
    bm = bins < R
    m = rm[:, None] & bm[None, :]
    proj = tl.load(proj_ptr + bins, mask=bm, other=0.0)
    stride = tl.load(str_ptr + rows, mask=rm, other=0.0)
    px = tl.load(pts_ptr + rows * 2 + 0, mask=rm, other=0.0)
    py = tl.load(pts_ptr + rows * 2 + 1, mask=rm, other=0.0)
    for side in tl.static_range(4):
        x = tl.load(reg_ptr + rows[:, None] * (4 * R) + side * R + bins[None, :], mask=m, other=0.0)
        mx = tl.max(x, axis=1)
        mx = tl.where(rm, mx, 0.0)
        e = tl.exp(x - mx[:, None])
        dist = tl.sum(e * proj[None, :], axis=1) / tl.sum(e, axis=1) * stride
        if side == 0:
            val = px - dist
        elif side == 1:
            val = py - dist
        elif side == 2:
            val = px + dist
        else:
            val = py + dist
        tl.store(out_ptr + rows * 4 + side, val, mask=rm)


class ModelNew(nn.Module):
    def __init__(self, reg_max):
        super().__init__()
        self.reg_max = reg_max
        self.register_buffer("project", torch.linspace(0, reg_max, reg_max + 1))

    def forward(self, reg, points, strides):
        reg = reg.contiguous()
        points = points.contiguous()
        strides = strides.contiguous()
        N = reg.shape[0]
        R = self.reg_max + 1
        out = torch.empty(N, 4, device=reg.device, dtype=reg.dtype)
        BLOCK_R = triton.next_power_of_2(self.reg_max + 1)
        BLOCK_N = max(1, min(64, 2048 // BLOCK_R))
        dfl_kernel[(triton.cdiv(N, BLOCK_N),)](reg, self.project, points, strides, out, N, R,
                                               BLOCK_N=BLOCK_N, BLOCK_R=BLOCK_R)
        return out
