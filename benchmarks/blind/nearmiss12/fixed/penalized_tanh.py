"""Triton penalized tanh with a tanh helper, elementwise over the flattened tensor."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _tanh(x):
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    return tl.where(x < 0, -t, t)


@triton.jit
def _ptanh_kernel(x_ptr, out_ptr, n, a, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    t = _tanh(x)
    tl.store(out_ptr + offs, tl.where(x > 0, t, a * t), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, a=0.25):
        super().__init__()
        self.a = a

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        _ptanh_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, self.a, BLOCK=BLOCK)
        return out
