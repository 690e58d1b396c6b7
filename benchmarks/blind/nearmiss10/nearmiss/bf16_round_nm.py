"""Triton round-to-bfloat16 on the float32 bit pattern (round to nearest, ties to even)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bf16_round_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bits = x.to(tl.uint32, bitcast=True)
    bias = 0x7FFF + (bits >> 16) & 1
    r = (bits + bias) & 0xFFFF0000
    tl.store(out_ptr + offs, r.to(tl.float32, bitcast=True), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        bf16_round_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK)
        return out
