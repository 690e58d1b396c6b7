"""Triton XTC sampling filter, one program per logit row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def xtc_kernel(out_ptr, x_ptr, n_cols, stride, threshold, filter_value, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    p = e / tl.sum(e, axis=0)
    sel = (p >= threshold) & mask
    least = tl.min(tl.where(sel, x, 0.0), axis=0)
    count = tl.sum(sel.to(tl.int32), axis=0)
    drop = sel & (x > least) & (count >= 2)
    tl.store(out_ptr + row * stride + cols, tl.where(drop, filter_value, x), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, threshold: float = 0.1, filter_value: float = -1000.0):
        super().__init__()
        self.threshold = threshold
        self.filter_value = filter_value

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        n_rows, n_cols = logits.shape
        out = torch.empty_like(logits)
        BLOCK = triton.next_power_of_2(n_cols)
        xtc_kernel[(n_rows,)](out, logits, n_cols, logits.stride(0), self.threshold, self.filter_value, BLOCK=BLOCK)
        return out
