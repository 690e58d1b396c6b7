"""Triton NaN-ignoring row maximum: one program per row loops over column chunks with a running maximum."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _nanmax_kernel(x_ptr, out_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.full([BLOCK], 0.0, tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
        x = tl.where(x != x, float("-inf"), x)
        acc = tl.maximum(acc, x)
    tl.store(out_ptr + row, tl.max(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, D = x.shape
        out = torch.empty(B, device=x.device, dtype=torch.float32)
        _nanmax_kernel[(B,)](x, out, D, x.stride(0), BLOCK=256)
        return out
