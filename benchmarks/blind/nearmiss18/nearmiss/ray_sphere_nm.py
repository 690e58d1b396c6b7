"""Triton ray / sphere intersection, one ray per lane."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ray_sphere_kernel(o_ptr, d_ptr, c_ptr, r_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    ox = tl.load(o_ptr + offs * 3, mask=mask, other=0.0) - tl.load(c_ptr + offs * 3, mask=mask, other=0.0)
    oy = tl.load(o_ptr + offs * 3 + 1, mask=mask, other=0.0) - tl.load(c_ptr + offs * 3 + 1, mask=mask, other=0.0)
    oz = tl.load(o_ptr + offs * 3 + 2, mask=mask, other=0.0) - tl.load(c_ptr + offs * 3 + 2, mask=mask, other=0.0)
    dx = tl.load(d_ptr + offs * 3, mask=mask, other=1.0)
    dy = tl.load(d_ptr + offs * 3 + 1, mask=mask, other=0.0)
    dz = tl.load(d_ptr + offs * 3 + 2, mask=mask, other=0.0)
    r = tl.load(r_ptr + offs, mask=mask, other=1.0)
    a = dx * dx + dy * dy + dz * dz
    b = 2.0 * (ox * dx + oy * dy + oz * dz)
    c = (ox * ox + oy * oy + oz * oz) - r * r
    disc = b * b - 4.0 * a * c
    sq = tl.sqrt(tl.maximum(disc, 0.0))
    t0 = (-b - sq) / (2.0 * a)
    t1 = (-b + sq) / (2.0 * a)
    t = tl.where(t0 >= 0.0, t1, t0)
    hit = (disc >= 0.0) & (t >= 0.0)
    tl.store(out_ptr + offs, tl.where(hit, t, -1.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, origins, dirs, centers, radii):
        origins, dirs = origins.contiguous(), dirs.contiguous()
        centers, radii = centers.contiguous(), radii.contiguous()
        n = origins.shape[0]
        out = torch.empty(n, device=origins.device, dtype=origins.dtype)
        BLOCK = 512
        ray_sphere_kernel[(triton.cdiv(n, BLOCK),)](origins, dirs, centers, radii, out, n, BLOCK=BLOCK)
        return out
