"""Triton Mandelbrot escape-time counts: one lane per sample point, a run-time loop over the iterations."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mandelbrot_kernel(re_ptr, im_ptr, out_ptr, n, max_iter, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    cr = tl.load(re_ptr + offs, mask=mask, other=0.0)
    ci = tl.load(im_ptr + offs, mask=mask, other=0.0)
    zr = tl.zeros([BLOCK], dtype=tl.float32)
    zi = tl.zeros([BLOCK], dtype=tl.float32)
    count = tl.zeros([BLOCK], dtype=tl.int32)
    active = mask
    for _ in range(max_iter):
        zr2 = zr * zr
        zi2 = zi * zi
        active = active & (zr2 + zi2 <= 2.0)
        zi_new = 2.0 * zr * zi + ci
        zr_new = zr2 - zi2 + cr
        zr = tl.where(active, zr_new, zr)
        zi = tl.where(active, zi_new, zi)
        count += active.to(tl.int32)
    tl.store(out_ptr + offs, count, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, max_iter: int):
        super().__init__()
        self.max_iter = max_iter

    def forward(self, c_re, c_im):
        c_re = c_re.contiguous()
        c_im = c_im.contiguous()
        out = torch.empty(c_re.shape, dtype=torch.int32, device=c_re.device)
        n = c_re.numel()
        BLOCK = 512
        grid = (triton.cdiv(n, BLOCK),)
        mandelbrot_kernel[grid](c_re, c_im, out, n, self.max_iter, BLOCK=BLOCK)
        return out
