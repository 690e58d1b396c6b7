"""Triton row infinity-norm: max(|x|) per row, accumulated blockwise in a per-lane vector."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linf_norm_kernel(x_ptr, out_ptr, stride_row, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_row + offs, mask=offs < n_cols, other=float("-inf"))
        acc = tl.maximum(acc, tl.abs(x))
    tl.store(out_ptr + row, tl.max(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        linf_norm_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=256)
        return out
