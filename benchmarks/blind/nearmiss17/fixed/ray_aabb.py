"""Triton ray / box slab intersection, one lane per ray."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ray_aabb_kernel(o_ptr, d_ptr, out_ptr, n, ext, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    ox = tl.load(o_ptr + offs * 3, mask=m, other=0.0)
    oy = tl.load(o_ptr + offs * 3 + 1, mask=m, other=0.0)
    oz = tl.load(o_ptr + offs * 3 + 2, mask=m, other=0.0)
    ix = 1.0 / tl.load(d_ptr + offs * 3, mask=m, other=1.0)
    iy = 1.0 / tl.load(d_ptr + offs * 3 + 1, mask=m, other=1.0)
    iz = 1.0 / tl.load(d_ptr + offs * 3 + 2, mask=m, other=1.0)
    t0x = (-ext - ox) * ix
    t1x = (ext - ox) * ix
    t0y = (-ext - oy) * iy
    t1y = (ext - oy) * iy
    t0z = (-ext - oz) * iz
    t1z = (ext - oz) * iz
    tmin = tl.maximum(tl.maximum(tl.minimum(t0x, t1x), tl.minimum(t0y, t1y)), tl.minimum(t0z, t1z))
    tmax = tl.minimum(tl.minimum(tl.maximum(t0x, t1x), tl.maximum(t0y, t1y)), tl.maximum(t0z, t1z))
    near = tl.maximum(tmin, 0.0)
    hit = tmax >= near
    tl.store(out_ptr + offs * 2, tl.where(hit, near, 0.0), mask=m)
    tl.store(out_ptr + offs * 2 + 1, tl.where(hit, tmax, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self, half_extent: int):
        super().__init__()
        self.half_extent = float(half_extent)

    def forward(self, origins: torch.Tensor, dirs: torch.Tensor) -> torch.Tensor:
        origins = origins.contiguous()
        dirs = dirs.contiguous()
        n = origins.shape[0]
        out = torch.empty(n, 2, dtype=origins.dtype, device=origins.device)
        BLOCK = 256
        ray_aabb_kernel[(triton.cdiv(n, BLOCK),)](origins, dirs, out, n, self.half_extent, BLOCK=BLOCK)
        return out
