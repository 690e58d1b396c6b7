"""NWS heat index with Triton: one elementwise program per block of points."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def heat_kernel(t_ptr, r_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    t = tl.load(t_ptr + offs, mask=m, other=70.0)
    r = tl.load(r_ptr + offs, mask=m, other=50.0)
    simple = 0.5 * (t + 61.0 + (t - 68.0) * 1.2 + r * 0.094)
    full = (-42.379 + 2.04901523 * t + 10.14333127 * r - 0.22475541 * t * r - 0.00683783 * t * t
            - 0.05481717 * r * r + 0.00122874 * t * t * r + 0.00085282 * t * r * r
            - 0.00000199 * t * t * r * r)
    dry = (r < 13.0) & (t >= 80.0) & (t <= 112.0)
    adj_dry = (13.0 - r) / 4.0 * tl.sqrt(tl.maximum((17.0 - tl.abs(t - 95.0)) / 17.0, 0.0))
    humid = (r > 85.0) & (t > 80.0) & (t <= 87.0)
    adj_humid = (r - 85.0) / 10.0 * ((87.0 - t) / 5.0)
    full = tl.where(dry, full - adj_dry, full)
    full = tl.where(humid, full + adj_humid, full)
    hi = tl.where((simple + t) * 0.5 < 80.0, simple, full)
    tl.store(out_ptr + offs, hi, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, temp_f: torch.Tensor, rh: torch.Tensor) -> torch.Tensor:
        temp_f, rh = temp_f.contiguous(), rh.contiguous()
        out = torch.empty_like(temp_f)
        n = temp_f.numel()
        BLOCK = 512
        heat_kernel[(triton.cdiv(n, BLOCK),)](temp_f, rh, out, n, BLOCK=BLOCK)
        return out
