"""Triton cumulative trapezoid: one program per row, blocks scanned with a carried running total."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumtrapz_kernel(y_ptr, out_ptr, n_cols, stride_y, stride_o, half_dx, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    y_row = y_ptr + row * stride_y
    o_row = out_ptr + row * stride_o
    carry = tl.zeros((), dtype=tl.float32)
    for start in range(0, n_cols - 1, BLOCK):
        t = start + tl.arange(0, BLOCK)
        m = t < n_cols - 1
        y0 = tl.load(y_row + t, mask=m, other=0.0)
        y1 = tl.load(y_row + t + 1, mask=m, other=0.0)
        seg = (y0 + y1) * half_dx
        tl.store(o_row + t, carry + tl.cumsum(seg, axis=0), mask=m)
        carry = tl.sum(seg, axis=0)


class ModelNew(nn.Module):
    def __init__(self, dx: float):
        super().__init__()
        self.dx = dx

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        y = y.contiguous()
        n_rows, n_cols = y.shape
        out = torch.empty((n_rows, n_cols - 1), dtype=y.dtype, device=y.device)
        cumtrapz_kernel[(n_rows,)](y, out, n_cols, y.stride(0), out.stride(0), 0.5 * self.dx, BLOCK=512)
        return out
