"""Z-buffer rasterisation in Triton: a pixel tile per program, the triangles visited one by one."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _edge(ax, ay, bx, by, px, py):
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax)


@triton.jit
def _zbuffer_kernel(tri_ptr, out_ptr, H, W, n_tris, far, BH: tl.constexpr, BW: tl.constexpr):
    rows = tl.program_id(0) * BH + tl.arange(0, BH)
    cols = tl.program_id(1) * BW + tl.arange(0, BW)
    py = rows.to(tl.float32)[:, None] + 0.5
    px = cols.to(tl.float32)[None, :] + 0.5
    depth = tl.full([BH, BW], far, tl.float32)
    for t in range(0, n_tris):
        base = tri_ptr + t * 9
        x0 = tl.load(base)
        y0 = tl.load(base + 1)
        z0 = tl.load(base + 2)
        x1 = tl.load(base + 3)
        y1 = tl.load(base + 4)
        z1 = tl.load(base + 5)
        x2 = tl.load(base + 6)
        y2 = tl.load(base + 7)
        z2 = tl.load(base + 8)
        area = _edge(x0, y0, x1, y1, x2, y2)
        w0 = _edge(x1, y1, x2, y2, px, py)
        w1 = _edge(x2, y2, x0, y0, px, py)
        w2 = _edge(x0, y0, x1, y1, px, py)
        inside = (w0 >= 0) & (w1 >= 0) & (w2 >= 0)
        z = (w0 * z0 + w1 * z1 + w2 * z2) / area
        depth = tl.where(inside, tl.minimum(depth, z), depth)
    mask = (rows[:, None] < H) & (cols[None, :] < W)
    tl.store(out_ptr + rows[:, None] * W + cols[None, :], depth, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, height: int, width: int, far: float):
        super().__init__()
        self.height = height
        self.width = width
        self.far = far

    def forward(self, tris: torch.Tensor) -> torch.Tensor:
        tris = tris.contiguous()
        out = torch.empty((self.height, self.width), dtype=tris.dtype, device=tris.device)
        BH, BW = 16, 16
        grid = (triton.cdiv(self.height, BH), triton.cdiv(self.width, BW))
        _zbuffer_kernel[grid](tris, out, self.height, self.width, tris.shape[0], self.far, BH=BH, BW=BW)
        return out
