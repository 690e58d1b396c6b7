"""Softmin over the last dimension: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmin_kernel(x_ptr, out_ptr, n_cols, x_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=0.0)
    z = tl.where(mask, x, float("-inf"))
    z = z - tl.max(z, axis=0)
    e = tl.exp(z)
    tl.store(out_ptr + row * out_stride + cols, e / tl.sum(e, axis=0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        softmin_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0),
                                  BLOCK=triton.next_power_of_2(n_cols))
        return out
