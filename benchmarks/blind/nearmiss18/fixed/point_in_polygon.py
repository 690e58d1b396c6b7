"""Triton even-odd point-in-polygon: a program per (polygon, block of points), loop over edges."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pip_kernel(poly_ptr, pts_ptr, out_ptr, n_vert, n_pts, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    b = tl.program_id(1)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_pts
    px = tl.load(pts_ptr + (b * n_pts + offs) * 2, mask=mask, other=0.0)
    py = tl.load(pts_ptr + (b * n_pts + offs) * 2 + 1, mask=mask, other=0.0)
    inside = tl.zeros([BLOCK], dtype=tl.int32)
    pbase = poly_ptr + b * n_vert * 2
    xj = tl.load(pbase + (n_vert - 1) * 2)
    yj = tl.load(pbase + (n_vert - 1) * 2 + 1)
    for i in range(n_vert):
        xi = tl.load(pbase + i * 2)
        yi = tl.load(pbase + i * 2 + 1)
        crosses = (yi > py) != (yj > py)
        x_int = (xj - xi) * (py - yi) / (yj - yi) + xi
        hit = crosses & (px < x_int)
        inside = inside ^ hit.to(tl.int32)
        xj = xi
        yj = yi
    tl.store(out_ptr + b * n_pts + offs, inside.to(tl.uint8), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, polys: torch.Tensor, points: torch.Tensor) -> torch.Tensor:
        polys = polys.contiguous()
        points = points.contiguous()
        bsz, n_vert, _ = polys.shape
        n_pts = points.shape[1]
        out = torch.empty(bsz, n_pts, device=points.device, dtype=torch.bool)
        BLOCK = 128
        grid = (triton.cdiv(n_pts, BLOCK), bsz)
        pip_kernel[grid](polys, points, out.view(torch.uint8), n_vert, n_pts, BLOCK=BLOCK)
        return out
