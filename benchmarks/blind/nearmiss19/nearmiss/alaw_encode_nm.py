"""A-law companding in Triton: one elementwise pass with a linear and a logarithmic segment."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _alaw_kernel(x_ptr, out_ptr, n, a, inv_a, inv_den, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    ax = tl.abs(x)
    small = a * ax
    large = 1.0 + tl.log2(tl.maximum(a * ax, 1e-30))
    y = tl.where(ax < inv_a, small, large) * inv_den
    y = tl.where(x < 0, -y, y)
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, a: float):
        super().__init__()
        self.a = a

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        _alaw_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, self.a, 1.0 / self.a,
                                               1.0 / (1.0 + math.log(self.a)), BLOCK=BLOCK)
        return out
