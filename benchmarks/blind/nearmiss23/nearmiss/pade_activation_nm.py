"""Triton safe Padé activation: flat lanes, both polynomials by Horner's rule in unrolled static loops over
the coefficient vectors."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pade_kernel(x_ptr, a_ptr, b_ptr, out_ptr, N, NUM_DEG: tl.constexpr, DEN_DEG: tl.constexpr,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    p = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in tl.static_range(NUM_DEG, 0, -1):
        p = p * x + tl.load(a_ptr + i)
    q = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in tl.static_range(DEN_DEG, 0, -1):
        q = (q + tl.load(b_ptr + i - 1)) * x
    tl.store(out_ptr + offs, p / (1.0 + tl.abs(q)), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.numerator = nn.Parameter(torch.randn(6) * 0.3 + torch.tensor([0.0, 1.0, 0.5, 0.0, 0.0, 0.0]))
        self.denominator = nn.Parameter(torch.randn(4) * 0.3)

    def forward(self, x):
        xc = x.contiguous()
        out = torch.empty_like(xc)
        n = xc.numel()
        BLOCK = 1024
        pade_kernel[(triton.cdiv(n, BLOCK),)](xc, self.numerator.detach().contiguous(),
                                              self.denominator.detach().contiguous(), out, n,
                                              NUM_DEG=self.numerator.numel() - 1, DEN_DEG=self.denominator.numel(),
                                              BLOCK=BLOCK)
        return out
