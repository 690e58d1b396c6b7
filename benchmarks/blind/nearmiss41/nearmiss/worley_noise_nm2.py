"""Worley noise: 2-D pixel tiles per texture, the 3 x 3 neighbour search unrolled with tl.static_range."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def worley_kernel(j_ptr, out_ptr, g, h, w, sy, sx, j_st, j_sy, j_sx, o_st, o_sc, o_sy,
                  BLOCK_Y: tl.constexpr, BLOCK_X: tl.constexpr):
    tex = tl.program_id(0)
    pid_y = tl.program_id(1)
    pid_x = tl.program_id(2)
    yy = pid_y * BLOCK_Y + tl.arange(0, BLOCK_Y)
    xx = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    ym = yy < h
    xm = xx < w
    py = (yy.to(tl.float32) + 0.5) * sy
    px = (xx.to(tl.float32) + 0.5) * sx
    cy = tl.floor(py).to(tl.int32)
    cx = tl.floor(px).to(tl.int32)
    m2 = ym[:, None] & xm[None, :]
    m1 = tl.full([BLOCK_Y, BLOCK_X], 3.0e38, tl.float32)
    m2d = tl.full([BLOCK_Y, BLOCK_X], 3.0e38, tl.float32)
    base = j_ptr + tex * j_st
    for dy in tl.static_range(3):
        for dx in tl.static_range(3):
            ny = cy + (dy - 1)
            nx = cx + (dx - 1)
            iy = (ny + g) % g
            ix = (nx + g) % g
            off = iy[:, None] * j_sy + ix[None, :] * j_sx
            jx = tl.load(base + off, mask=m2, other=0.0)
            jy = tl.load(base + off + 1, mask=m2, other=0.0)
            fx = nx[None, :].to(tl.float32) + jx
            fy = ny[:, None].to(tl.float32) + jy
            ddx = px[None, :] - fx
            ddy = py[:, None] - fy
            dd = ddx * ddx + ddy * ddy
            m2d = tl.minimum(m2d, dd)
            m1 = tl.minimum(m1, dd)
    optr = out_ptr + tex * o_st + yy[:, None] * o_sy + xx[None, :]
    tl.store(optr, tl.sqrt(m1), mask=m2)
    tl.store(optr + o_sc, tl.sqrt(m2d), mask=m2)


class ModelNew(nn.Module):
    """F1 and F2 Worley distances of every pixel of periodic textures.

    jitter: (T, G, G, 2) feature-point offsets in [0, 1). Returns (T, 2, H, W).
    """

    def __init__(self, out_height: int, out_width: int):
        super().__init__()
        self.h = out_height
        self.w = out_width

    def forward(self, jitter):
        jitter = jitter.contiguous()
        n_tex, g = jitter.shape[0], jitter.shape[1]
        out = torch.empty(n_tex, 2, self.h, self.w, device=jitter.device, dtype=torch.float32)
        BLOCK_Y, BLOCK_X = 32, 64
        grid = (n_tex, triton.cdiv(self.h, BLOCK_Y), triton.cdiv(self.w, BLOCK_X))
        worley_kernel[grid](jitter, out, g, self.h, self.w, g / self.h, g / self.w, jitter.stride(0),
                            jitter.stride(1), jitter.stride(2), out.stride(0), out.stride(1), out.stride(2),
                            BLOCK_Y=BLOCK_Y, BLOCK_X=BLOCK_X)
        return out
