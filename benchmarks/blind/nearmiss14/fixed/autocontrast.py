"""Triton autocontrast: one program per (image, channel) plane held in one tile; plane min / max, rescale."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def autocontrast_kernel(x_ptr, out_ptr, HW, BLOCK: tl.constexpr):
    plane = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < HW
    x = tl.load(x_ptr + plane * HW + offs, mask=m, other=0.0)
    lo = tl.min(tl.where(m, x, float("inf")), axis=0)
    hi = tl.max(tl.where(m, x, float("-inf")), axis=0)
    flat = hi <= lo
    scale = tl.where(flat, 1.0, 1.0 / (hi - lo))
    lo = tl.where(flat, 0.0, lo)
    y = (x - lo) * scale
    y = tl.minimum(tl.maximum(y, 0.0), 1.0)
    tl.store(out_ptr + plane * HW + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img):
        img = img.contiguous()
        B, C, H, W = img.shape
        out = torch.empty_like(img)
        autocontrast_kernel[(B * C,)](img, out, H * W, BLOCK=triton.next_power_of_2(H * W))
        return out
