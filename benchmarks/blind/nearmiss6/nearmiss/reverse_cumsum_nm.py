"""Suffix sums: one program per row walks the row from its end in blocks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def reverse_cumsum_kernel(x_ptr, out_ptr, n_cols, x_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    carry = 0.0
    for start in range(0, n_cols, BLOCK):
        # position k of this block is element n_cols - 1 - (start + k) of the row
        idx = n_cols - 1 - (start + offs)
        mask = idx >= 0
        x = tl.load(x_ptr + row * x_stride + idx, mask=mask, other=0.0)
        s = tl.cumsum(x, axis=0) + carry
        tl.store(out_ptr + row * out_stride + idx, s, mask=mask)
        carry = tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        reverse_cumsum_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), BLOCK=512)
        return out
