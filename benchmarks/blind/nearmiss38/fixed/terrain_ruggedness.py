"""Terrain ruggedness index with Triton: 2-D tiles, a static 3 x 3 loop over neighbour loads."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tri_kernel(z_ptr, out_ptr, H, W, stride_b, stride_h, BH: tl.constexpr, BW: tl.constexpr):
    b = tl.program_id(0)
    r = tl.program_id(1) * BH + tl.arange(0, BH)[:, None]
    c = tl.program_id(2) * BW + tl.arange(0, BW)[None, :]
    inside = (r < H) & (c < W)
    base = z_ptr + b * stride_b
    zc = tl.load(base + r * stride_h + c, mask=inside, other=0.0)
    acc = tl.zeros([BH, BW], dtype=tl.float32)
    for dy in tl.static_range(3):
        for dx in tl.static_range(3):
            rr = tl.minimum(tl.maximum(r + (dy - 1), 0), H - 1)
            cc = tl.minimum(tl.maximum(c + (dx - 1), 0), W - 1)
            ok = inside & (rr < H) & (cc < W)
            zn = tl.load(base + rr * stride_h + cc, mask=ok, other=0.0)
            d = zn - zc
            acc += d * d
    tl.store(out_ptr + b * H * W + r * W + c, tl.sqrt(acc), mask=inside)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, dem: torch.Tensor) -> torch.Tensor:
        dem = dem.contiguous()
        B, H, W = dem.shape
        out = torch.empty_like(dem)
        BH, BW = 16, 32
        grid = (B, triton.cdiv(H, BH), triton.cdiv(W, BW))
        tri_kernel[grid](dem, out, H, W, dem.stride(0), dem.stride(1), BH=BH, BW=BW)
        return out
