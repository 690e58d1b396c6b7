"""Frobenius normalisation: an atomic sum of squares, then a scaling pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sumsq_kernel(x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(acc_ptr, tl.sum(x * x, axis=0))


@triton.jit
def scale_kernel(x_ptr, acc_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    total = tl.load(acc_ptr)
    tl.store(out_ptr + offs, x * tl.sqrt(total), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.numel()
        acc = torch.zeros(1, dtype=torch.float32, device=x.device)
        out = torch.empty_like(x)
        BLOCK = 2048
        grid = (triton.cdiv(n, BLOCK),)
        sumsq_kernel[grid](x, acc, n, BLOCK=BLOCK)
        scale_kernel[grid](x, acc, out, n, BLOCK=BLOCK)
        return out
