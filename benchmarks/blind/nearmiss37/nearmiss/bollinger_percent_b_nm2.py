"""Triton Bollinger %B: one program per (row, block of bars), two passes over the window."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _pctb_kernel(c_ptr, o_ptr, n, stride, period, k, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inb = t < n
    base = c_ptr + row * stride
    s1 = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, period):
        s1 += tl.load(base + t - j, mask=inb & (t - j >= 0), other=0.0)
    m = s1 / period
    s2 = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, period):
        v = tl.load(base + t - j, mask=inb & (t - j >= 0), other=0.0)
        s2 += (v - m) * (v - m)
    sd = tl.sqrt(s2 / period)
    c = tl.load(base + t, mask=inb, other=0.0)
    safe = tl.where(sd > 0, sd, 1.0)
    pb = tl.where(sd > 0, (c - m + k * safe) / (2.0 * k * safe), 0.5)
    pb = tl.where(t >= period, pb, 0.0)
    tl.store(o_ptr + row * stride + t, pb, mask=inb)


class ModelNew(nn.Module):
    def __init__(self, period: int, num_std: int):
        super().__init__()
        self.period = period
        self.k = float(num_std)

    def forward(self, close: torch.Tensor) -> torch.Tensor:
        close = close.contiguous()
        B, n = close.shape
        out = torch.empty_like(close)
        BLOCK = 128
        _pctb_kernel[(B, triton.cdiv(n, BLOCK))](close, out, n, close.stride(0), self.period, self.k, BLOCK=BLOCK)
        return out
