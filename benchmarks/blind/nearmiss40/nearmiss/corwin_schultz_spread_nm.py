"""Triton Corwin-Schultz spread estimate: (series x day-pair) tiles, per-series sums over day chunks."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cs_spread_kernel(h_ptr, l_ptr, c_ptr, out_ptr, n_series, n_days, stride, k, bps_per_pair,
                     BLOCK_S: tl.constexpr, BLOCK_T: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_S + tl.arange(0, BLOCK_S)
    rmask = rows < n_series
    acc = tl.zeros([BLOCK_S], dtype=tl.float32)
    for t0 in range(0, n_days - 1, BLOCK_T):
        t = t0 + tl.arange(0, BLOCK_T)
        m = rmask[:, None] & (t[None, :] < n_days - 1)
        base = rows[:, None] * stride + t[None, :]
        h0 = tl.load(h_ptr + base, mask=m, other=1.0)
        l0 = tl.load(l_ptr + base, mask=m, other=1.0)
        c0 = tl.load(c_ptr + base, mask=m, other=1.0)
        h1 = tl.load(h_ptr + base + 1, mask=m, other=1.0)
        l1 = tl.load(l_ptr + base + 1, mask=m, other=1.0)
        up = tl.maximum(l1 - c0, 0.0)
        down = tl.maximum(c0 - h1, 0.0)
        h1 = h1 - up + down
        l1 = l1 - up
        lh0 = tl.log(h0 / l0)
        lh1 = tl.log(h1 / l1)
        beta = lh0 * lh0 + lh1 * lh1
        lg = tl.log(tl.maximum(h0, h1) / tl.minimum(l0, l1))
        gamma = lg * lg
        alpha = (tl.sqrt(2.0 * beta) - tl.sqrt(beta)) / k - tl.sqrt(gamma / k)
        ea = tl.exp(alpha)
        s = 2.0 * (ea - 1.0) / (1.0 + ea)
        s = tl.maximum(s, 0.0)
        acc += tl.sum(tl.where(m, s, 0.0), axis=1)
    tl.store(out_ptr + rows, acc * bps_per_pair, mask=rmask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, high: torch.Tensor, low: torch.Tensor, close: torch.Tensor) -> torch.Tensor:
        high = high.contiguous()
        low = low.contiguous()
        close = close.contiguous()
        n_series, n_days = high.shape
        out = torch.empty(n_series, device=high.device, dtype=high.dtype)
        k = 3.0 - 2.0 * math.sqrt(2.0)
        bps_per_pair = 1e4 / (n_days - 1)
        BLOCK_S, BLOCK_T = 16, 32
        grid = (triton.cdiv(n_series, BLOCK_S),)
        cs_spread_kernel[grid](high, low, close, out, n_series, n_days, high.stride(0), k, bps_per_pair,
                               BLOCK_S=BLOCK_S, BLOCK_T=BLOCK_T)
        return out
