"""Chaikin money flow: one program per (row, bar block), the window summed by a loop over lags."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cmf_kernel(h_ptr, l_ptr, c_ptr, v_ptr, out_ptr, n, stride, P: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    full = (t >= P - 1) & (t < n)
    acc_mf = tl.zeros([BLOCK], dtype=tl.float32)
    acc_v = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(P):
        s = t - j
        m = full & (s >= 0)
        h = tl.load(h_ptr + row * stride + s, mask=m, other=0.0)
        lo = tl.load(l_ptr + row * stride + s, mask=m, other=0.0)
        c = tl.load(c_ptr + row * stride + s, mask=m, other=0.0)
        v = tl.load(v_ptr + row * stride + s, mask=m, other=0.0)
        rng = h - lo
        mfm = tl.where(rng > 0, ((c - lo) - (h - c)) / tl.where(rng > 0, rng, 1.0), 0.0)
        acc_mf += mfm * v
        acc_v += v
    res = tl.where(full, acc_mf / tl.where(full, acc_v, 1.0), 0.0)
    tl.store(out_ptr + row * stride + t, res, mask=t < n)


class ModelNew(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, high, low, close, volume):
        high, low, close, volume = (a.contiguous() for a in (high, low, close, volume))
        b, n = close.shape
        out = torch.empty_like(close)
        BLOCK = 128
        grid = (b, n // BLOCK)
        cmf_kernel[grid](high, low, close, volume, out, n, close.stride(0), P=self.period, BLOCK=BLOCK)
        return out
