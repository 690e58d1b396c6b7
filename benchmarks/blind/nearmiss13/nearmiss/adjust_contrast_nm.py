"""Triton contrast adjustment: one program per image, a grey-mean pass then a blend pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def contrast_kernel(x_ptr, out_ptr, hw, stride_b, stride_c, factor, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    base = x_ptr + b * stride_b
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, hw, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < hw
        r = tl.load(base + offs, mask=m, other=0.0)
        g = tl.load(base + stride_c + offs, mask=m, other=0.0)
        bl = tl.load(base + 2 * stride_c + offs, mask=m, other=0.0)
        acc += 0.299 * r + 0.587 * g + 0.114 * bl
    mean = tl.sum(acc, axis=0) / hw
    for ch in tl.static_range(3):
        for start in range(0, hw, BLOCK):
            offs = start + tl.arange(0, BLOCK)
            m = offs < hw
            v = tl.load(base + ch * stride_c + offs, mask=m, other=0.0)
            y = factor * v + (1.0 - factor) * mean
            y = tl.minimum(tl.maximum(y, 0.0), 1.0)
            tl.store(out_ptr + b * stride_b + ch * stride_c + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, factor: float):
        super().__init__()
        self.factor = factor

    def forward(self, img):
        img = img.contiguous()
        n_b, _, h, w = img.shape
        out = torch.empty_like(img)
        contrast_kernel[(n_b,)](img, out, h * w, img.stride(0), img.stride(2), self.factor, BLOCK=512)
        return out
