"""Triton linear -> sRGB transfer function over a flattened tensor."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_to_srgb_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    xc = tl.maximum(x, 0.0031308)
    high = 1.055 * tl.exp(tl.log(xc) / 2.4) - 0.055
    y = tl.where(x <= 0.04045, 12.92 * x, high)
    tl.store(out_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        linear_to_srgb_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK)
        return out
