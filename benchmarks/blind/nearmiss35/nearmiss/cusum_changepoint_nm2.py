"""Triton two-sided CUSUM detector: one lane per series; each program first averages its series' baseline
window, then runs both cumulative sums through time and records where the detector fires."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cusum_kernel(out_ptr, x_ptr, n_series, n, base, x_stride, out_stride,
                 K: tl.constexpr, H: tl.constexpr, BLOCK_S: tl.constexpr, BLOCK_W: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_S + tl.arange(0, BLOCK_S)
    rm = rows < n_series
    wl = tl.arange(0, BLOCK_W)
    tot = tl.zeros([BLOCK_S], dtype=tl.float32)
    for w0 in range(0, base, BLOCK_W):
        wm = rm[:, None] & (w0 + wl[None, :] < base)
        xs = tl.load(x_ptr + rows[:, None] * x_stride + w0 + wl[None, :], mask=wm, other=0.0)
        tot += tl.sum(xs, axis=1)
    mu = tot / base

    sp = tl.zeros([BLOCK_S], dtype=tl.float32)
    sn = tl.zeros([BLOCK_S], dtype=tl.float32)
    idx = tl.full([BLOCK_S], -1, dtype=tl.int64)
    side = tl.zeros([BLOCK_S], dtype=tl.int64)
    for t in range(0, n):
        d = tl.load(x_ptr + rows * x_stride + t, mask=rm, other=0.0) - mu
        sp = tl.maximum(sp + d - K, 0.0)
        sn = tl.maximum(sn - d - K, 0.0)
        hp = sp > H
        hit = hp | (sn > H)
        new = (idx < 0) & hit
        side = tl.where(new, tl.where(hp, 1, -1).to(tl.int64), side)
        idx = tl.where(new, t, idx)
    tl.store(out_ptr + rows * out_stride, idx, mask=rm)
    tl.store(out_ptr + rows * out_stride + 1, side, mask=rm)


class ModelNew(nn.Module):
    def __init__(self, baseline: int):
        super().__init__()
        self.baseline = baseline

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_series, n = x.shape
        out = torch.empty((n_series, 2), device=x.device, dtype=torch.int32)
        BLOCK_S = 16
        grid = (triton.cdiv(n_series, BLOCK_S),)
        cusum_kernel[grid](out, x, n_series, n, self.baseline, x.stride(0), out.stride(0),
                           K=0.5, H=5.0, BLOCK_S=BLOCK_S, BLOCK_W=64)
        return out
