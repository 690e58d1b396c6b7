"""Triton LPC analysis: one kernel computes the biased autocorrelation lags of a block of frames, a second runs
the Levinson-Durbin recursion on a (frame x coefficient) tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def autocorr_kernel(x_ptr, r_ptr, F, n, P: tl.constexpr, BLOCK_F: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    fr = pid * BLOCK_F + tl.arange(0, BLOCK_F)
    fm = fr < F
    for k in tl.static_range(P + 1):
        acc = tl.zeros([BLOCK_F, BLOCK_N], dtype=tl.float32)
        for start in range(0, n, BLOCK_N):
            offs = start + tl.arange(0, BLOCK_N)
            m = fm[:, None] & (offs < n - k)[None, :]
            a = tl.load(x_ptr + fr[:, None] * n + offs[None, :], mask=m, other=0.0)
            b = tl.load(x_ptr + fr[:, None] * n + offs[None, :] + k, mask=m, other=0.0)
            acc += a * b
        tl.store(r_ptr + fr * (P + 1) + k, tl.sum(acc, axis=1), mask=fm)


@triton.jit
def levinson_kernel(r_ptr, out_ptr, F, P: tl.constexpr, BLOCK_F: tl.constexpr, LANES: tl.constexpr):
    pid = tl.program_id(0)
    fr = pid * BLOCK_F + tl.arange(0, BLOCK_F)
    fm = fr < F
    j = tl.arange(0, LANES)
    m = tl.arange(0, LANES)
    rrow = r_ptr + fr[:, None] * (P + 1)
    a = tl.where(j[None, :] == 0, 1.0, 0.0) + tl.zeros([BLOCK_F, LANES], dtype=tl.float32)
    e = tl.load(r_ptr + fr * (P + 1), mask=fm, other=1.0)
    for i in tl.static_range(1, P + 1):
        r_rev = tl.load(rrow + i - j[None, :], mask=fm[:, None] & (j < i)[None, :], other=0.0)
        acc = tl.sum(a * r_rev, axis=1)
        k = -acc / e
        sel = (m[None, :] == (i - j)[:, None])[None, :, :]
        a_rev = tl.sum(tl.where(sel, a[:, None, :], 0.0), axis=2)
        a = a + k[:, None] * a_rev
        e = e * (1.0 - k * k)
    orow = out_ptr + fr[:, None] * (P + 2)
    tl.store(orow + j[None, :], a, mask=fm[:, None] & (j <= P)[None, :])
    tl.store(out_ptr + fr * (P + 2) + P + 1, e, mask=fm)


class ModelNew(nn.Module):
    def __init__(self, order: int):
        super().__init__()
        self.order = order

    def forward(self, x):
        x = x.contiguous()
        F, n = x.shape
        P = self.order
        r = torch.empty((F, P + 1), dtype=torch.float32, device=x.device)
        out = torch.empty((F, P + 2), dtype=x.dtype, device=x.device)
        BLOCK_F = 16
        grid = (triton.cdiv(F, BLOCK_F),)
        autocorr_kernel[grid](x, r, F, n, P=P, BLOCK_F=BLOCK_F, BLOCK_N=256)
        LANES = triton.next_power_of_2(P + 1)
        levinson_kernel[grid](r, out, F, P=P, BLOCK_F=BLOCK_F, LANES=LANES)
        return out
