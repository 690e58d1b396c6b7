"""Triton row product: a per-lane running product over column chunks, then a tree reduction with
a multiply combine function."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def prod_kernel(x_ptr, out_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.full([BLOCK], 1.0, tl.float32)
    for i in range(0, tl.cdiv(n_cols, BLOCK)):
        cols = i * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=1.0)
        acc = acc * x
    tl.store(out_ptr + row, tl.reduce(acc, 0, _mul))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        prod_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=256)
        return out
