"""Triton histc: each program bins a block of values and adds ones atomically into the counts."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def histc_kernel(x_ptr, out_ptr, n_elements, lo, hi, n_bins, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    valid = mask & (x >= lo) & (x <= hi)
    pos = ((x - lo) * n_bins / (hi - lo)).to(tl.int32)
    b = tl.minimum(tl.maximum(pos, 0), n_bins - 1)
    tl.atomic_add(out_ptr + b, tl.full((BLOCK,), 1.0, tl.float32), mask=valid)


class ModelNew(nn.Module):
    def __init__(self, bins: int, lo: float, hi: float):
        super().__init__()
        self.bins = bins
        self.lo = lo
        self.hi = hi

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.numel()
        out = torch.zeros(self.bins, dtype=x.dtype, device=x.device)
        BLOCK = 1024
        histc_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, self.lo, self.hi, self.bins, BLOCK=BLOCK)
        return out
