"""Triton running mean: one program per row scans chunks of the row with a carried prefix sum."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cummean_kernel(x_ptr, out_ptr, n_cols, stride_x, stride_o, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    carry = tl.zeros([1], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        c = tl.cumsum(x, axis=0) + carry
        steps = (cols + 1).to(tl.float32)
        tl.store(out_ptr + row * stride_o + cols, c / steps, mask=mask)
        carry += tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        cummean_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), BLOCK=256)
        return out
