"""Triton popcount (SWAR bit counting), elementwise."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def popcount_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=0)
    v = v.to(tl.uint32, bitcast=True)
    v = v - ((v >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F
    v = (v * 0x01010101) >> 24
    tl.store(out_ptr + offs, v.to(tl.int32), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, words: torch.Tensor) -> torch.Tensor:
        words = words.contiguous()
        out = torch.empty_like(words)
        n = words.numel()
        BLOCK = 1024
        popcount_kernel[(triton.cdiv(n, BLOCK),)](words, out, n, BLOCK=BLOCK)
        return out
