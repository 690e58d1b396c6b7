"""Triton GRN on channels-last fp16: one program per image, two passes over (pixel, channel) tiles."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def grn_kernel(x_ptr, g_ptr, b_ptr, out_ptr, n_pix, C, BLOCK_P: tl.constexpr, BLOCK_C: tl.constexpr):
    bi = tl.program_id(0)
    c = tl.arange(0, BLOCK_C)
    cmask = c < C
    base = bi * n_pix * C
    acc = tl.zeros((BLOCK_P, BLOCK_C), dtype=tl.float32)
    for start in range(0, n_pix, BLOCK_P):
        p = start + tl.arange(0, BLOCK_P)
        m = (p[:, None] < n_pix) & cmask[None, :]
        xv = tl.load(x_ptr + base + p[:, None] * C + c[None, :], mask=m, other=0.0).to(tl.float32)
        acc += xv * xv
    gx = tl.sqrt(tl.sum(acc, axis=0))
    mean_g = tl.sum(tl.where(cmask, gx, 0.0), axis=0) / C
    nx = gx / (mean_g + 1e-6)
    gamma = tl.load(g_ptr + c, mask=cmask, other=0.0)
    beta = tl.load(b_ptr + c, mask=cmask, other=0.0)
    for start in range(0, n_pix, BLOCK_P):
        p = start + tl.arange(0, BLOCK_P)
        m = (p[:, None] < n_pix) & cmask[None, :]
        xv = tl.load(x_ptr + base + p[:, None] * C + c[None, :], mask=m, other=0.0).to(tl.float32)
        y = gamma[None, :] * (xv * nx[None, :]) + beta[None, :] + xv
        tl.store(out_ptr + base + p[:, None] * C + c[None, :], y.to(tl.float16), mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.gamma = nn.Parameter(torch.randn(1, 1, 1, dim) * 0.5)
        self.beta = nn.Parameter(torch.randn(1, 1, 1, dim) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, h, w, c = x.shape
        out = torch.empty_like(x)
        grn_kernel[(b,)](x, self.gamma, self.beta, out, h * w, c, BLOCK_P=32, BLOCK_C=triton.next_power_of_2(c))
        return out
