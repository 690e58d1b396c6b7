"""Triton KAN B-spline bases on the uniform extended grid: a (value x basis) tile evaluates the cubic
cardinal B-spline piece by piece from the local coordinate (x - t_j) / h."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kan_basis_kernel(x_ptr, out_ptr, total, t0, h, NB, BLOCK: tl.constexpr, BNB: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rj = tl.arange(0, BNB)
    mrow = rows < total
    x = tl.load(x_ptr + rows, mask=mrow, other=0.0)
    knot = rj.to(tl.float32) * h + t0
    u = (x[:, None] - knot[None, :]) / h
    piece = tl.floor(u)
    t = u - piece
    t2 = t * t
    t3 = t2 * t
    b0 = t3 / 6.0
    b1 = (-3.0 * t3 + 3.0 * t2 + 3.0 * t + 1.0) / 6.0
    b2 = (3.0 * t3 - 6.0 * t2 + 4.0) / 6.0
    b3 = (1.0 - t) * (1.0 - t) * (1.0 - t) / 6.0
    val = tl.where(piece == 0.0, b0, tl.where(piece == 1.0, b1, tl.where(piece == 2.0, b2,
                                                                          tl.where(piece == 3.0, b3, 0.0))))
    mask = mrow[:, None] & (rj[None, :] < NB)
    tl.store(out_ptr + rows[:, None] * NB + rj[None, :], val, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_features, grid_size, spline_order, grid_lo=-1.0, grid_hi=1.0):
        super().__init__()
        assert spline_order == 3
        self.grid_size, self.spline_order = grid_size, spline_order
        self.h = (grid_hi - grid_lo) / grid_size
        self.grid_lo = grid_lo

    def forward(self, x):
        x = x.contiguous()
        b, fin = x.shape
        nb = self.grid_size + self.spline_order
        out = torch.empty(b, fin, nb, device=x.device, dtype=torch.float32)
        t0 = self.grid_lo - self.spline_order * self.h
        total = b * fin
        BLOCK = 64
        kan_basis_kernel[(triton.cdiv(total, BLOCK),)](x, out, total, t0, self.h, nb, BLOCK=BLOCK,
                                                       BNB=triton.next_power_of_2(nb))
        return out
