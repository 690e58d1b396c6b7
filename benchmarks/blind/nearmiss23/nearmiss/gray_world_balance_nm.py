"""Triton gray-world white balance: one program per image reduces the three channel sums in blocks, then
rescales and clips the image in a second blocked pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gray_world_kernel(img_ptr, out_ptr, HW, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    base = img_ptr + b * 3 * HW
    s_r = tl.zeros((BLOCK,), dtype=tl.float32)
    s_g = tl.zeros((BLOCK,), dtype=tl.float32)
    s_b = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, HW, BLOCK):
        idx = start + offs
        mask = idx < HW
        s_r += tl.load(base + idx, mask=mask, other=0.0)
        s_g += tl.load(base + HW + idx, mask=mask, other=0.0)
        s_b += tl.load(base + 2 * HW + idx, mask=mask, other=0.0)
    mu_r = tl.sum(s_r, axis=0) / HW
    mu_g = tl.sum(s_g, axis=0) / HW
    mu_b = tl.sum(s_b, axis=0) / HW
    gray = (mu_r + mu_g + mu_b) / 3.0
    for ch in tl.static_range(3):
        mu = mu_r if ch == 0 else (mu_g if ch == 1 else mu_b)
        gain = mu / gray
        for start in range(0, HW, BLOCK):
            idx = start + offs
            mask = idx < HW
            y = tl.load(base + ch * HW + idx, mask=mask, other=0.0) * gain
            y = tl.maximum(y, 0.0)
            y = tl.minimum(y, 1.0)
            tl.store(out_ptr + b * 3 * HW + ch * HW + idx, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img):
        img = img.contiguous()
        b, c, h, w = img.shape
        out = torch.empty_like(img)
        gray_world_kernel[(b,)](img, out, h * w, BLOCK=256)
        return out
