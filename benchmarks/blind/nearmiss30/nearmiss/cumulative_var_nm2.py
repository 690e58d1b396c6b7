"""Triton expanding variance: one program per row scans column chunks, carrying the running sums of x and
x^2 from chunk to chunk."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _cumvar_kernel(x_ptr, out_ptr, n_cols, stride_x, stride_o, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    carry1 = 0.0
    carry2 = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
        c1 = tl.cumsum(x, axis=0) + carry1
        c2 = tl.cumsum(x * x, axis=0) + carry2
        n = (cols + 1).to(tl.float32)
        mean = c1 / n
        tl.store(out_ptr + row * stride_o + cols, c2 / n - mean, mask=mask)
        carry1 += tl.sum(x, axis=0)
        carry2 += tl.sum(x * x, axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, L = x.shape
        out = torch.empty_like(x)
        _cumvar_kernel[(B,)](x, out, L, x.stride(0), out.stride(0), BLOCK=128)
        return out
