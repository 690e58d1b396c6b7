"""Pairwise segment intersection in Triton: a (segment of A x segment of B) tile per program, bool out."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _orient(ox, oy, px, py, qx, qy):
    return (px - ox) * (qy - oy) - (py - oy) * (qx - ox)


@triton.jit
def _intersect_kernel(a_ptr, b_ptr, out_ptr, NA, NB, BA: tl.constexpr, BB: tl.constexpr):
    ia = tl.program_id(0) * BA + tl.arange(0, BA)
    ib = tl.program_id(1) * BB + tl.arange(0, BB)
    ma = ia < NA
    mb = ib < NB
    ax1 = tl.load(a_ptr + ia * 4, mask=ma, other=0.0)[:, None]
    ay1 = tl.load(a_ptr + ia * 4 + 1, mask=ma, other=0.0)[:, None]
    ax2 = tl.load(a_ptr + ia * 4 + 2, mask=ma, other=0.0)[:, None]
    ay2 = tl.load(a_ptr + ia * 4 + 3, mask=ma, other=0.0)[:, None]
    bx1 = tl.load(b_ptr + ib * 4, mask=mb, other=0.0)[None, :]
    by1 = tl.load(b_ptr + ib * 4 + 1, mask=mb, other=0.0)[None, :]
    bx2 = tl.load(b_ptr + ib * 4 + 2, mask=mb, other=0.0)[None, :]
    by2 = tl.load(b_ptr + ib * 4 + 3, mask=mb, other=0.0)[None, :]
    d1 = _orient(bx1, by1, bx2, by2, ax1, ay1)
    d2 = _orient(bx1, by1, bx2, by2, ax2, ay2)
    d3 = _orient(ax1, ay1, ax2, ay2, bx1, by1)
    d4 = _orient(ax1, ay1, ax2, ay2, bx2, by2)
    hit = (d1 * d2 < 0) & (d3 * d4 < 0)
    m = ma[:, None] & mb[None, :]
    tl.store(out_ptr + ia[:, None] * NB + ib[None, :], hit.to(tl.uint8), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a = a.contiguous()
        b = b.contiguous()
        na, nb = a.shape[0], b.shape[0]
        out = torch.empty((na, nb), dtype=torch.bool, device=a.device)
        BA, BB = 32, 32
        grid = (triton.cdiv(na, BA), triton.cdiv(nb, BB))
        _intersect_kernel[grid](a, b, out.view(torch.uint8), na, nb, BA=BA, BB=BB)
        return out
