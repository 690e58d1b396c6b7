"""Triton row argmax: one program per row scans the row in blocks and keeps the best
(value, index) pair seen so far."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, out_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    best_val = -float("inf")
    best_idx = 0
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride + offs, mask=offs < n_cols, other=0.0)
        blk_max = tl.max(x, axis=0)
        blk_idx = tl.argmax(x, axis=0) + start
        take = blk_max > best_val
        best_idx = tl.where(take, blk_idx, best_idx)
        best_val = tl.where(take, blk_max, best_val)
    tl.store(out_ptr + row, best_idx)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=torch.int64, device=x.device)
        argmax_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=256)
        return out
