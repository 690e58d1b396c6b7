"""Segmented running sum in Triton: an associative scan over (value, flag) pairs along the rows
of a 2-D tile of several rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _seg_combine(v1, f1, v2, f2):
    v = tl.where(f1 != 0, v2, v1 + v2)
    f = f1 | f2
    return v, f


@triton.jit
def segmented_cumsum_kernel(x_ptr, f_ptr, out_ptr, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * n_cols + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    f = tl.load(f_ptr + offs, mask=mask, other=0)
    v, _ = tl.associative_scan((x, f), 1, _seg_combine)
    tl.store(out_ptr + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, flags: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        flags = flags.contiguous()
        rows, cols = x.shape
        out = torch.empty_like(x)
        BLOCK_R = 4
        segmented_cumsum_kernel[(triton.cdiv(rows, BLOCK_R),)](x, flags, out, rows, cols, BLOCK_R=BLOCK_R,
                                                              BLOCK=triton.next_power_of_2(cols))
        return out
