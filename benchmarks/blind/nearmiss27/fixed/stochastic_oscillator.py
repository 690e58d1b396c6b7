"""Stochastic oscillator: a %K pass over (series, bar block) tiles with a run-time lookback loop, then a %D averaging pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _pct_k_kernel(h_ptr, l_ptr, c_ptr, out_ptr, n_bars, sh, sl, sc, so_b, lookback, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = t < n_bars
    hh = tl.full([BLOCK], float("-inf"), dtype=tl.float32)
    ll = tl.full([BLOCK], float("inf"), dtype=tl.float32)
    for j in range(0, lookback):
        mj = inside & (t - j >= 0)
        hi = tl.load(h_ptr + row * sh + t - j, mask=mj, other=float("-inf"))
        lo = tl.load(l_ptr + row * sl + t - j, mask=mj, other=float("inf"))
        hh = tl.maximum(hh, hi)
        ll = tl.minimum(ll, lo)
    c = tl.load(c_ptr + row * sc + t, mask=inside, other=0.0)
    ready = inside & (t >= lookback - 1)
    rng = tl.where(ready, hh - ll, 1.0)
    k = tl.where(ready, 100.0 * (c - ll) / rng, 0.0)
    tl.store(out_ptr + row * so_b + t, k, mask=inside)


@triton.jit
def _pct_d_kernel(k_ptr, d_ptr, n_bars, so_b, lookback, smooth, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = t < n_bars
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, smooth):
        acc += tl.load(k_ptr + row * so_b + t - j, mask=inside & (t - j >= 0), other=0.0)
    dval = tl.where(t >= lookback + smooth - 2, acc / smooth, 0.0)
    tl.store(d_ptr + row * so_b + t, dval, mask=inside)


class ModelNew(nn.Module):
    def __init__(self, n: int, d: int):
        super().__init__()
        self.n = n
        self.d = d

    def forward(self, high: torch.Tensor, low: torch.Tensor, close: torch.Tensor) -> torch.Tensor:
        high = high.contiguous()
        low = low.contiguous()
        close = close.contiguous()
        b, t = close.shape
        out = torch.empty(b, 2, t, device=close.device, dtype=torch.float32)
        kv, dv = out[:, 0], out[:, 1]
        BLOCK = 128
        grid = (b, triton.cdiv(t, BLOCK))
        _pct_k_kernel[grid](high, low, close, kv, t, high.stride(0), low.stride(0), close.stride(0), out.stride(0),
                            self.n, BLOCK=BLOCK)
        _pct_d_kernel[grid](kv, dv, t, out.stride(0), self.n, self.d, BLOCK=BLOCK)
        return out
