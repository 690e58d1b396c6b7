"""A Triton Wilder RSI: one lane per series walks the price changes in order, seeds the average gain / loss
with a plain mean over the first window and then applies Wilder smoothing, writing the RSI after each change."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rsi_kernel(p_ptr, out_ptr, S, T, P, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    s = pid * BLOCK + tl.arange(0, BLOCK)
    mask = s < S
    base = p_ptr + s * T
    n_out = T - P
    avg_gain = tl.zeros([BLOCK], dtype=tl.float32)
    avg_loss = tl.zeros([BLOCK], dtype=tl.float32)
    prev = tl.load(base, mask=mask, other=0.0)
    for t in range(1, P):
        cur = tl.load(base + t + 1, mask=mask, other=0.0)
        d = cur - prev
        avg_gain += tl.maximum(d, 0.0)
        avg_loss += tl.maximum(-d, 0.0)
        prev = cur
    avg_gain = avg_gain / P
    avg_loss = avg_loss / P
    tl.store(out_ptr + s * n_out, 100.0 - 100.0 / (1.0 + avg_gain / avg_loss), mask=mask)
    for t in range(P, T - 1):
        cur = tl.load(base + t + 1, mask=mask, other=0.0)
        d = cur - prev
        avg_gain = (avg_gain * (P - 1) + tl.maximum(d, 0.0)) / P
        avg_loss = (avg_loss * (P - 1) + tl.maximum(-d, 0.0)) / P
        prev = cur
        tl.store(out_ptr + s * n_out + (t - P + 1), 100.0 - 100.0 / (1.0 + avg_gain / avg_loss), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, prices: torch.Tensor) -> torch.Tensor:
        prices = prices.contiguous()
        S, T = prices.shape
        out = torch.empty((S, T - self.period), dtype=prices.dtype, device=prices.device)
        BLOCK = 64
        rsi_kernel[(triton.cdiv(S, BLOCK),)](prices, out, S, T, self.period, BLOCK=BLOCK)
        return out
