"""Haversine distance and initial bearing per coordinate-pair lane, with a polynomial arctangent (no libdevice)."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

EARTH_RADIUS_KM = 6371.0088


@triton.jit
def _atan_unit(t):
    big = t > 0.41421356237309503
    u = tl.where(big, (t - 1.0) / (t + 1.0), t)
    z = u * u
    p = (((8.05374449538e-2 * z - 1.38776856032e-1) * z + 1.99777106478e-1) * z - 3.33329491539e-1) * z * u + u
    return tl.where(big, 0.7853981633974483 + p, p)


@triton.jit
def _atan2(y, x):
    ax = tl.abs(x)
    ay = tl.abs(y)
    hi = tl.maximum(ax, ay)
    lo = tl.minimum(ax, ay)
    r = _atan_unit(lo / tl.maximum(hi, 1e-30))
    r = tl.where(ay > ax, 1.5707963267948966 - r, r)
    r = tl.where(x < 0, 3.141592653589793 - r, r)
    return tl.where(y < 0, -r, r)


@triton.jit
def _geo_kernel(c_ptr, out_ptr, n, sc, so, radius, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = rows < n
    d2r = 0.017453292519943295
    p1 = tl.load(c_ptr + rows * sc + 0, mask=m, other=0.0) * d2r
    l1 = tl.load(c_ptr + rows * sc + 1, mask=m, other=0.0) * d2r
    p2 = tl.load(c_ptr + rows * sc + 2, mask=m, other=0.0) * d2r
    l2 = tl.load(c_ptr + rows * sc + 3, mask=m, other=0.0) * d2r
    dl = l2 - l1
    sp = tl.sin((p2 - p1) * 0.5)
    sl = tl.sin(dl * 0.5)
    a = sp * sp + tl.cos(p1) * tl.cos(p2) * sl * sl
    a = tl.minimum(tl.maximum(a, 0.0), 1.0)
    dist = 2.0 * radius * _atan2(tl.sqrt(a), tl.sqrt(1.0 - a))
    y = tl.sin(dl) * tl.cos(p2)
    x = tl.cos(p1) * tl.sin(p2) - tl.sin(p1) * tl.cos(p2) * tl.cos(dl)
    brg = _atan2(x, y) * 57.29577951308232
    brg = tl.where(brg < 0, brg + 360.0, brg)
    tl.store(out_ptr + rows * so + 0, dist, mask=m)
    tl.store(out_ptr + rows * so + 1, brg, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, coords: torch.Tensor) -> torch.Tensor:
        c = coords.contiguous()
        n = c.shape[0]
        out = torch.empty(n, 2, device=c.device, dtype=torch.float32)
        BLOCK = 1024
        _geo_kernel[(triton.cdiv(n, BLOCK),)](c, out, n, c.stride(0), out.stride(0), EARTH_RADIUS_KM, BLOCK=BLOCK)
        return out
