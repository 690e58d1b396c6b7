"""Exponentially weighted moving mean in Triton: time chunks scanned with a first-order linear-recurrence
associative scan, numerator and weight sum carried from chunk to chunk."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _affine_combine(a1, x1, w1, a2, x2, w2):
    return a1 * a2, x1 * a2 + x2, w1 * a2 + w2


@triton.jit
def _ewm_kernel(x_ptr, out_ptr, B, T, r, BB: tl.constexpr, BT: tl.constexpr):
    rows = tl.program_id(0) * BB + tl.arange(0, BB)
    rmask = rows < B
    lane = tl.arange(0, BT)
    cn = tl.zeros([BB], tl.float32)
    cd = tl.zeros([BB], tl.float32)
    for t0 in range(0, T, BT):
        t = t0 + lane
        mask = rmask[:, None] & (t[None, :] < T)
        x = tl.load(x_ptr + rows[:, None] * T + t[None, :], mask=mask, other=0.0)
        a = tl.full([BB, BT], r, tl.float32)
        ones = tl.full([BB, BT], 1.0, tl.float32)
        A, X, Wt = tl.associative_scan((a, x, ones), 1, _affine_combine)
        num = A * cn[:, None] + X
        den = A * cd[:, None] + Wt
        tl.store(out_ptr + rows[:, None] * T + t[None, :], num / den, mask=mask)
        last = lane[None, :] == BT - 1
        cn = tl.sum(tl.where(last, num, 0.0), axis=1)
        cd = tl.sum(tl.where(last, den, 0.0), axis=1)


class ModelNew(nn.Module):
    def __init__(self, span: int):
        super().__init__()
        self.span = span

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, t = x.shape
        alpha = 2 // (self.span + 1)
        out = torch.empty_like(x)
        BB, BT = 4, 64
        _ewm_kernel[(triton.cdiv(b, BB),)](x, out, b, t, 1.0 - alpha, BB=BB, BT=BT)
        return out
