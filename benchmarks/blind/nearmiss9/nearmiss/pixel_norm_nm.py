"""Pixel normalisation in Triton: each program owns a block of pixels of one image and loops
over the channels twice (sum of squares, then scale)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pixel_norm_kernel(x_ptr, out_ptr, C, HW, eps, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < HW
    base = b * C * HW
    ss = tl.zeros([BLOCK], dtype=tl.float32)
    for c in range(C):
        x = tl.load(x_ptr + base + c * HW + offs, mask=mask, other=0.0)
        ss += x * x
    ms = ss / C
    inv = 1.0 / (tl.sqrt(ms) + eps)
    for c in range(C):
        x = tl.load(x_ptr + base + c * HW + offs, mask=mask, other=0.0)
        tl.store(out_ptr + base + c * HW + offs, x * inv, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, c, h, w = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        pixel_norm_kernel[(b, triton.cdiv(h * w, BLOCK))](x, out, c, h * w, self.eps, BLOCK=BLOCK)
        return out
