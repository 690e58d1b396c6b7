"""Triton ternary fake quantisation, two kernels: a reduction into a zeroed scalar, then the
scale / round / clamp pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def abs_sum_kernel(w_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    w = tl.load(w_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(acc_ptr, tl.sum(w, axis=0))


@triton.jit
def ternary_kernel(w_ptr, acc_ptr, out_ptr, n, inv_n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    mean = tl.load(acc_ptr) * inv_n
    scale = 1.0 / tl.maximum(mean, 1e-5)
    w = tl.load(w_ptr + offs, mask=mask, other=0.0)
    q = tl.floor(w * scale + 0.5)
    q = tl.minimum(tl.maximum(q, -1.0), 1.0)
    tl.store(out_ptr + offs, q / scale, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, w: torch.Tensor) -> torch.Tensor:
        w = w.contiguous()
        n = w.numel()
        acc = torch.zeros(1, dtype=torch.float32, device=w.device)
        out = torch.empty_like(w)
        BLOCK = 4096
        grid = (triton.cdiv(n, BLOCK),)
        abs_sum_kernel[grid](w, acc, n, BLOCK=BLOCK)
        ternary_kernel[grid](w, acc, out, n, 1.0 / n, BLOCK=BLOCK)
        return out
