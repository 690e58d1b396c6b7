"""Triton correlation volume: one program per (image, block of displacements) with the whole image as
the pixel axis of a (displacement x pixel) tile; channels looped."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def corr_kernel(f1_ptr, f2_ptr, out_ptr, C, H, W, MAXD: tl.constexpr, BLOCK_DISP: tl.constexpr,
                BLOCK: tl.constexpr):
    b = tl.program_id(0)
    ND: tl.constexpr = 2 * MAXD + 1
    disp = tl.program_id(1) * BLOCK_DISP + tl.arange(0, BLOCK_DISP)
    dy = disp // ND - MAXD
    dx = disp % ND - MAXD
    offs = tl.arange(0, BLOCK)
    HW = H * W
    p_mask = offs < HW
    y = offs // W
    x = offs % W
    yy = y[None, :] + dy[:, None]
    xx = x[None, :] + dx[:, None]
    ok = (disp < ND * ND)[:, None] & p_mask[None, :] & (yy >= 0) & (yy < H) & (xx >= 0) & (xx < W)
    acc = tl.zeros((BLOCK_DISP, BLOCK), dtype=tl.float32)
    for c in range(0, C):
        a = tl.load(f1_ptr + (b * C + c) * HW + offs, mask=p_mask, other=0.0)
        v = tl.load(f2_ptr + (b * C + c) * HW + yy * W + xx, mask=ok, other=0.0)
        acc += a[None, :] * v
    out_mask = (disp < ND * ND)[:, None] & p_mask[None, :]
    tl.store(out_ptr + (b * ND * ND + disp[:, None]) * HW + offs[None, :], acc / C, mask=out_mask)


class ModelNew(nn.Module):
    def __init__(self, max_disp: int):
        super().__init__()
        self.max_disp = max_disp

    def forward(self, f1: torch.Tensor, f2: torch.Tensor) -> torch.Tensor:
        f1, f2 = f1.contiguous(), f2.contiguous()
        B, C, H, W = f1.shape
        nd = 2 * self.max_disp + 1
        out = torch.empty(B, nd * nd, H, W, device=f1.device, dtype=f1.dtype)
        BLOCK_DISP = 16
        grid = (B, triton.cdiv(nd * nd, BLOCK_DISP))
        corr_kernel[grid](f1, f2, out, C, H, W, MAXD=self.max_disp, BLOCK_DISP=BLOCK_DISP,
                          BLOCK=triton.next_power_of_2(H * W))
        return out
