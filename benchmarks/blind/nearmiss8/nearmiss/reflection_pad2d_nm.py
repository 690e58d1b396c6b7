"""Triton reflection padding: a 2-D grid of (plane, block of output pixels)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _reflect(i, n):
    i = tl.where(i < 0, -i - 1, i)
    i = tl.where(i >= n, 2 * (n - 1) - i, i)
    return i


@triton.jit
def reflect_pad_kernel(x_ptr, out_ptr, H, W, OH, OW, pad, BLOCK: tl.constexpr):
    plane = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    ih = _reflect(oh - pad, H)
    iw = _reflect(ow - pad, W)
    v = tl.load(x_ptr + plane * H * W + ih * W + iw, mask=mask, other=0.0)
    tl.store(out_ptr + plane * OH * OW + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, pad: int):
        super().__init__()
        self.pad = pad

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, H, W = x.shape
        OH, OW = H + 2 * self.pad, W + 2 * self.pad
        out = torch.empty(B, C, OH, OW, dtype=x.dtype, device=x.device)
        BLOCK = 512
        grid = (B * C, triton.cdiv(OH * OW, BLOCK))
        reflect_pad_kernel[grid](x, out, H, W, OH, OW, self.pad, BLOCK=BLOCK)
        return out
