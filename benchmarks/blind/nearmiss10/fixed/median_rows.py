"""Triton row median by rank counting: one program per row, a pairwise comparison tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def median_rows_kernel(x_ptr, out_ptr, n_cols, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    valid = i < n_cols
    x = tl.load(x_ptr + row * stride_x + i, mask=valid, other=0.0)
    xi = x[:, None]
    xj = x[None, :]
    vj = valid[None, :]
    less = tl.sum((vj & (xj < xi)).to(tl.int32), axis=1)
    leq = tl.sum((vj & (xj <= xi)).to(tl.int32), axis=1)
    k = (n_cols - 1) // 2
    hit = valid & (less <= k) & (leq > k)
    med = tl.max(tl.where(hit, x, float("-inf")), axis=0)
    tl.store(out_ptr + row, med)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        median_rows_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=triton.next_power_of_2(n_cols))
        return out
