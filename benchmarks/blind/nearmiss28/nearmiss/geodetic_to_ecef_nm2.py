"""Triton WGS84 geodetic -> ECEF conversion, one point per lane."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

WGS84_A = 6378137.0
WGS84_E2 = 8.1819190842622e-2


@triton.jit
def ecef_kernel(llh_ptr, out_ptr, n, stride_in, stride_out, semi_major, ecc2, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    lat = tl.load(llh_ptr + offs * stride_in, mask=mask, other=0.0)
    lon = tl.load(llh_ptr + offs * stride_in + 1, mask=mask, other=0.0)
    h = tl.load(llh_ptr + offs * stride_in + 2, mask=mask, other=0.0)
    s = tl.sin(lat)
    c = tl.cos(lat)
    n_rad = semi_major * tl.rsqrt(1.0 - ecc2 * s * s)
    x = (n_rad + h) * c * tl.cos(lon)
    y = (n_rad + h) * c * tl.sin(lon)
    z = (n_rad * (1.0 - ecc2) + h) * s
    tl.store(out_ptr + offs * stride_out, x, mask=mask)
    tl.store(out_ptr + offs * stride_out + 1, y, mask=mask)
    tl.store(out_ptr + offs * stride_out + 2, z, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, llh: torch.Tensor) -> torch.Tensor:
        llh = llh.contiguous()
        n = llh.shape[0]
        out = torch.empty(n, 3, device=llh.device, dtype=torch.float32)
        BLOCK = 1024
        ecef_kernel[(triton.cdiv(n, BLOCK),)](llh, out, n, llh.stride(0), out.stride(0), WGS84_A, WGS84_E2,
                                              BLOCK=BLOCK)
        return out
