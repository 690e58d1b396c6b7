"""Triton LSQ fake quantisation with round-half-to-even, the step read from its parameter."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _round_half_even(v):
    r = tl.floor(v + 0.5)
    tie = (r - v) == 0.5
    odd = (r - 2.0 * tl.floor(r * 0.5)) != 0.0
    return tl.where(tie & odd, r - 1.0, r)


@triton.jit
def _lsq_kernel(x_ptr, s_ptr, out_ptr, n, qn, qp, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    s = tl.load(s_ptr)
    v = tl.minimum(tl.maximum(x / s, -qn), qp)
    tl.store(out_ptr + offs, _round_half_even(v) * s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, bits=4):
        super().__init__()
        self.bits = bits
        self.step = nn.Parameter(torch.tensor(0.2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.numel()
        out = torch.empty_like(x)
        qn = float(2 ** (self.bits - 1))
        qp = float(2 ** (self.bits - 1) - 1)
        BLOCK = 1024
        _lsq_kernel[(triton.cdiv(n, BLOCK),)](x, self.step.detach(), out, n, qn, qp, BLOCK=BLOCK)
        return out
