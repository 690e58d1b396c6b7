"""Triton Gaussian splat alpha: a program per (Gaussian, block of pixels)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def splat_alpha_kernel(mean_ptr, cov_ptr, op_ptr, out_ptr, H, W, BLOCK: tl.constexpr):
    g = tl.program_id(0)
    pid = tl.program_id(1)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < H * W
    px = (offs % W).to(tl.float32)
    py = (offs // H).to(tl.float32)
    mx = tl.load(mean_ptr + g * 2)
    my = tl.load(mean_ptr + g * 2 + 1)
    a = tl.load(cov_ptr + g * 3)
    b = tl.load(cov_ptr + g * 3 + 1)
    c = tl.load(cov_ptr + g * 3 + 2)
    op = tl.load(op_ptr + g)
    det = a * c - b * b
    ca = c / det
    cb = -b / det
    cc = a / det
    dx = mx - px
    dy = my - py
    power = -0.5 * (ca * dx * dx + cc * dy * dy) - cb * dx * dy
    alpha = tl.minimum(op * tl.exp(power), 0.99)
    alpha = tl.where(alpha < 1.0 / 255.0, 0.0, alpha)
    tl.store(out_ptr + g * H * W + offs, alpha, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, img_h, img_w):
        super().__init__()
        self.img_h, self.img_w = img_h, img_w

    def forward(self, means, cov, opacity):
        means, cov, opacity = means.contiguous(), cov.contiguous(), opacity.contiguous()
        n_g = means.shape[0]
        H, W = self.img_h, self.img_w
        out = torch.empty(n_g, H, W, device=means.device, dtype=means.dtype)
        BLOCK = 256
        grid = (n_g, triton.cdiv(H * W, BLOCK))
        splat_alpha_kernel[grid](means, cov, opacity, out, H, W, BLOCK=BLOCK)
        return out
