"""A Triton ordered-dither kernel: (row x column) tiles per image, the 4x4 Bayer threshold is rebuilt from the
low bits of the row and column indices (bit-reversed interleave), then floor, clamp and rescale."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def dither_kernel(x_ptr, out_ptr, H, W, lm1, BH: tl.constexpr, BW: tl.constexpr):
    b = tl.program_id(0)
    r = tl.program_id(1) * BH + tl.arange(0, BH)[:, None]
    c = tl.arange(0, BW)[None, :]
    mask = (r < H) & (c < W)
    off = b * H * W + r * W + c
    x = tl.load(x_ptr + off, mask=mask, other=0.0)
    a = r ^ c
    v = ((a & 1) << 3) | ((r & 1) << 2) | (((a >> 1) & 1) << 1) | ((c >> 1) & 1)
    t = (v.to(tl.float32) + 0.5) / 16.0
    q = tl.floor(x * lm1 + t)
    q = tl.minimum(tl.maximum(q, 0.0), lm1)
    tl.store(out_ptr + off, q / lm1, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, levels: int):
        super().__init__()
        self.levels = levels

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        img = img.contiguous()
        B, H, W = img.shape
        out = torch.empty_like(img)
        BH = 16
        grid = (B, triton.cdiv(H, BH))
        dither_kernel[grid](img, out, H, W, float(self.levels - 1), BH=BH, BW=triton.next_power_of_2(W))
        return out
