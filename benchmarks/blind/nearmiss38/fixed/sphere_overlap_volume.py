"""Sphere overlap volumes with Triton: one program per (batch, sphere block), a loop over partner chunks."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def overlap_kernel(c_ptr, r_ptr, out_ptr, n, stride_cb, stride_rb, pi, BLOCK_I: tl.constexpr, BLOCK_J: tl.constexpr):
    b = tl.program_id(0)
    ii = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)
    im = ii < n
    cb = c_ptr + b * stride_cb
    xi = tl.load(cb + ii * 3 + 0, mask=im, other=0.0)
    yi = tl.load(cb + ii * 3 + 1, mask=im, other=0.0)
    zi = tl.load(cb + ii * 3 + 2, mask=im, other=0.0)
    ri = tl.load(r_ptr + b * stride_rb + ii, mask=im, other=0.0)
    acc = tl.zeros([BLOCK_I], dtype=tl.float32)
    for j0 in range(0, n, BLOCK_J):
        jj = j0 + tl.arange(0, BLOCK_J)
        jm = jj < n
        xj = tl.load(cb + jj * 3 + 0, mask=jm, other=0.0)
        yj = tl.load(cb + jj * 3 + 1, mask=jm, other=0.0)
        zj = tl.load(cb + jj * 3 + 2, mask=jm, other=0.0)
        rj = tl.load(r_ptr + b * stride_rb + jj, mask=jm, other=0.0)
        dx = xi[:, None] - xj[None, :]
        dy = yi[:, None] - yj[None, :]
        dz = zi[:, None] - zj[None, :]
        d = tl.sqrt(dx * dx + dy * dy + dz * dz)
        rs = ri[:, None] + rj[None, :]
        rd = ri[:, None] - rj[None, :]
        contained = d <= tl.abs(rd)
        disjoint = d >= rs
        dsafe = tl.where(contained | disjoint, 1.0, d)
        lens = pi * (rs - d) * (rs - d) * (d * d + 2.0 * d * rs - 3.0 * rd * rd) / (12.0 * dsafe)
        rmin = tl.minimum(ri[:, None], rj[None, :])
        full = (4.0 / 3.0) * pi * rmin * rmin * rmin
        v = tl.where(disjoint, 0.0, tl.where(contained, full, lens))
        keep = im[:, None] & jm[None, :] & (ii[:, None] != jj[None, :])
        acc += tl.sum(tl.where(keep, v, 0.0), axis=1)
    tl.store(out_ptr + b * n + ii, acc, mask=im)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, centers: torch.Tensor, radii: torch.Tensor) -> torch.Tensor:
        centers, radii = centers.contiguous(), radii.contiguous()
        B, n = radii.shape
        out = torch.empty_like(radii)
        BLOCK_I = 32
        overlap_kernel[(B, triton.cdiv(n, BLOCK_I))](centers, radii, out, n, centers.stride(0), radii.stride(0),
                                                     math.pi, BLOCK_I=BLOCK_I, BLOCK_J=64)
        return out
