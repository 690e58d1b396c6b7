"""Triton row max: one program per row keeps a lane-wise running maximum over blocks and
reduces it at the end."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_kernel(x_ptr, out_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride + offs, mask=offs < n_cols, other=-float("inf"))
        acc = tl.maximum(acc, x.to(tl.float32))
    tl.store(out_ptr + row, tl.max(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        max_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=256)
        return out
