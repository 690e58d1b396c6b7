"""Triton average true range: lanes over series, a seed loop over the first period and a smoothing loop."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _true_range(h_ptr, l_ptr, c_ptr, base, t, m):
    hi = tl.load(h_ptr + base + t, mask=m, other=0.0)
    lo = tl.load(l_ptr + base + t, mask=m, other=0.0)
    pc = tl.load(c_ptr + base + t - 1, mask=m, other=0.0)
    return tl.maximum(hi - lo, tl.maximum(tl.abs(hi - pc), tl.abs(lo - pc)))


@triton.jit
def atr_kernel(h_ptr, l_ptr, c_ptr, out_ptr, B, T, P, stride, out_stride, BLOCK: tl.constexpr):
    s = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    sm = s < B
    base = s * stride
    total = tl.load(h_ptr + base, mask=sm, other=0.0) - tl.load(l_ptr + base, mask=sm, other=0.0)
    for t in range(1, P):
        total += _true_range(h_ptr, l_ptr, c_ptr, base, t, sm)
    atr = total / P
    tl.store(out_ptr + s * out_stride, atr, mask=sm)
    for t in range(P, T):
        tr = _true_range(h_ptr, l_ptr, c_ptr, base, t, sm)
        atr = (atr * (P - 1) + tr) / P
        tl.store(out_ptr + s * out_stride + (t - P + 1), atr, mask=sm)


class ModelNew(nn.Module):
    def __init__(self, n_period: int):
        super().__init__()
        self.n_period = n_period

    def forward(self, high: torch.Tensor, low: torch.Tensor, close: torch.Tensor) -> torch.Tensor:
        high = high.contiguous()
        low = low.contiguous()
        close = close.contiguous()
        b, t = close.shape
        p = self.n_period
        out = torch.empty(b, t - p + 1, device=close.device, dtype=close.dtype)
        BLOCK = 16
        atr_kernel[(triton.cdiv(b, BLOCK),)](high, low, close, out, b, t, p, close.stride(0), out.stride(0),
                                             BLOCK=BLOCK)
        return out
