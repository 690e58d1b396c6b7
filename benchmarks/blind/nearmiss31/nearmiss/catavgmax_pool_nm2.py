"""Triton concatenated average / max pooling: one program per (image, channel block), the whole plane in one tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _catavgmax_kernel(x_ptr, out_ptr, C, HW, C_BLOCK: tl.constexpr, HW_BLOCK: tl.constexpr):
    b = tl.program_id(0)
    c = tl.program_id(1) * C_BLOCK + tl.arange(0, C_BLOCK)
    p = tl.arange(0, HW_BLOCK)
    mask = (c[:, None] < C) & (p[None, :] < HW)
    x = tl.load(x_ptr + (b * C + c[:, None]) * HW + p[None, :], mask=mask, other=0.0)
    avg = tl.sum(x, axis=1) / HW
    mx = tl.max(tl.where(mask, x, float("-inf")), axis=1)
    cm = c < C
    tl.store(out_ptr + b * 2 * C + c, avg, mask=cm)
    tl.store(out_ptr + b * 2 * C + C + c, mx, mask=cm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, H, W = x.shape
        HW = H * H
        HW_BLOCK = triton.next_power_of_2(HW)
        out = torch.empty(B, 2 * C, 1, 1, device=x.device, dtype=x.dtype)
        C_BLOCK = 8
        _catavgmax_kernel[(B, triton.cdiv(C, C_BLOCK))](x, out, C, HW, C_BLOCK=C_BLOCK, HW_BLOCK=HW_BLOCK)
        return out
