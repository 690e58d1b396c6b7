"""Triton bilateral blur: one program per (image, pixel block); a static window with reflected indices,
colour and spatial weights accumulated per tap and normalised per pixel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _reflect(i, n):
    i = tl.where(i < 0, -i, i)
    return tl.where(i >= n, 2 * n - 2 - i, i)


@triton.jit
def bilateral_kernel(x_ptr, out_ptr, H, W, stride_b, stride_c, inv_2ss, inv_2sc,
                     C, BLOCK_C: tl.constexpr, KS: tl.constexpr, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < H * W
    y = offs // W
    x = offs % W
    base = x_ptr + b * stride_b
    c_offs = tl.arange(0, BLOCK_C)
    m2 = (c_offs < C)[:, None] & mask[None, :]
    center = tl.load(base + c_offs[:, None] * stride_c + offs[None, :], mask=m2, other=0.0)
    num = tl.zeros((BLOCK_C, BLOCK), dtype=tl.float32)
    den = tl.zeros((BLOCK,), dtype=tl.float32)
    R: tl.constexpr = KS // 2
    for dy in tl.static_range(KS):
        for dx in tl.static_range(KS):
            yy = _reflect(y + (dy - R), H)
            xx = _reflect(x + (dx - R), W)
            nb = tl.load(base + c_offs[:, None] * stride_c + (yy * W + xx)[None, :], mask=m2, other=0.0)
            dist = tl.sum(tl.abs(nb - center), axis=0)
            ws = tl.exp(-((dy - R) * (dy - R) + (dx - R) * (dx - R)) * inv_2ss)
            w = ws * tl.exp(-dist * inv_2sc)
            num += nb * w[None, :]
            den += w
    tl.store(out_ptr + b * stride_b + c_offs[:, None] * stride_c + offs[None, :], num / den[None, :], mask=m2)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int = 5, sigma_color: float = 0.1, sigma_space: float = 1.5):
        super().__init__()
        self.k = kernel_size
        self.sigma_color = sigma_color
        self.sigma_space = sigma_space

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, H, W = x.shape
        out = torch.empty_like(x)
        BLOCK = 512
        inv_2ss = 1.0 / (2.0 * self.sigma_space ** 2)
        inv_2sc = 1.0 / (2.0 * self.sigma_color ** 2)
        bilateral_kernel[(B, triton.cdiv(H * W, BLOCK))](x, out, H, W, x.stride(0), x.stride(1), inv_2ss, inv_2sc,
                                                        C, BLOCK_C=triton.next_power_of_2(C), KS=self.k, BLOCK=BLOCK)
        return out
