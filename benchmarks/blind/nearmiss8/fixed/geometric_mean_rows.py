"""Triton geometric mean, one program per row: exp of the mean of the logs."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def geomean_kernel(x_ptr, out_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=1.0)
    s = tl.sum(tl.log(x), axis=0)
    tl.store(out_ptr + row, tl.exp(s / n_cols))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        BLOCK = triton.next_power_of_2(n_cols)
        geomean_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=BLOCK)
        return out
