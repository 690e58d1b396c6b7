"""Triton row argmax: one program per row; each block's max and argmax are compared with the
best so far."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, out_ptr, stride_row, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    best = tl.zeros([1], dtype=tl.float32) - float("inf")
    best_i = tl.zeros([1], dtype=tl.int64)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_row + offs, mask=offs < n_cols, other=float("-inf"))
        m = tl.max(x, axis=0)
        i = tl.argmax(x, axis=0).to(tl.int64) + start
        better = m >= best
        best_i = tl.where(better, i, best_i)
        best = tl.where(better, m, best)
    tl.store(out_ptr + row + tl.arange(0, 1), best_i)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=torch.int64, device=x.device)
        argmax_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=128)
        return out
