"""A Triton Moller-Trumbore intersector: (ray x triangle) tiles, one program per ray block loops over triangle
blocks, computes the edge vectors, determinant, barycentrics and distance, and keeps the nearest valid hit."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ray_tri_kernel(o_ptr, d_ptr, tri_ptr, out_ptr, R, NT, eps, t_max, BR: tl.constexpr, BT: tl.constexpr):
    ray = tl.program_id(0) * BR + tl.arange(0, BR)
    rmask = ray < R
    ox = tl.load(o_ptr + ray * 3, mask=rmask, other=0.0)[:, None]
    oy = tl.load(o_ptr + ray * 3 + 1, mask=rmask, other=0.0)[:, None]
    oz = tl.load(o_ptr + ray * 3 + 2, mask=rmask, other=0.0)[:, None]
    dx = tl.load(d_ptr + ray * 3, mask=rmask, other=0.0)[:, None]
    dy = tl.load(d_ptr + ray * 3 + 1, mask=rmask, other=0.0)[:, None]
    dz = tl.load(d_ptr + ray * 3 + 2, mask=rmask, other=0.0)[:, None]
    best = tl.full([BR], t_max, dtype=tl.float32)
    for t0 in range(0, NT, BT):
        tri = t0 + tl.arange(0, BT)
        tmask = tri < NT
        base = tri_ptr + tri * 9
        v0x = tl.load(base, mask=tmask, other=0.0)[None, :]
        v0y = tl.load(base + 1, mask=tmask, other=0.0)[None, :]
        v0z = tl.load(base + 2, mask=tmask, other=0.0)[None, :]
        e1x = tl.load(base + 3, mask=tmask, other=0.0)[None, :] - v0x
        e1y = tl.load(base + 4, mask=tmask, other=0.0)[None, :] - v0y
        e1z = tl.load(base + 5, mask=tmask, other=0.0)[None, :] - v0z
        e2x = tl.load(base + 6, mask=tmask, other=0.0)[None, :] - v0x
        e2y = tl.load(base + 7, mask=tmask, other=0.0)[None, :] - v0y
        e2z = tl.load(base + 8, mask=tmask, other=0.0)[None, :] - v0z
        px = dy * e2z - dz * e2y
        py = dz * e2x - dx * e2z
        pz = dx * e2y - dy * e2x
        det = e1x * px + e1y * py + e1z * pz
        inv = 1.0 / det
        sx = ox - v0x
        sy = oy - v0y
        sz = oz - v0z
        u = (sx * px + sy * py + sz * pz) * inv
        qx = sz * e1y - sy * e1z
        qy = sz * e1x - sx * e1z
        qz = sx * e1y - sy * e1x
        v = (dx * qx + dy * qy + dz * qz) * inv
        t = (e2x * qx + e2y * qy + e2z * qz) * inv
        hit = (tl.abs(det) > 1e-8) & (u >= 0.0) & (v >= 0.0) & (u + v <= 1.0)
        hit = hit & (t > eps) & (t < t_max) & tmask[None, :]
        best = tl.minimum(best, tl.min(tl.where(hit, t, t_max), axis=1))
    tl.store(out_ptr + ray, best, mask=rmask)


class ModelNew(nn.Module):
    def __init__(self, eps: float, t_max: float):
        super().__init__()
        self.eps = eps
        self.t_max = t_max

    def forward(self, orig, dirs, tris):
        R = orig.shape[0]
        NT = tris.shape[0]
        out = torch.empty((R,), dtype=orig.dtype, device=orig.device)
        BR = 64
        ray_tri_kernel[(triton.cdiv(R, BR),)](orig.contiguous(), dirs.contiguous(), tris.contiguous(), out, R, NT,
                                              self.eps, self.t_max, BR=BR, BT=32)
        return out
