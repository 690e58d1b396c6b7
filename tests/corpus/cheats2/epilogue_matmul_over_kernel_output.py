"""Cheat: the kernel writes per-row sums of squares; torch finishes with a matmul against a weight
table (a dot product: not one of the epilogue's sums and scalings)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rows(p_ptr, t_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    d = tl.load(p_ptr + row * n_cols + cols, mask=mask, other=0.0) - tl.load(t_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row, tl.sum(d * d, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        n_rows, n_cols = pred.shape
        rows = torch.empty(n_rows, dtype=torch.float32, device=pred.device)
        _rows[(n_rows,)](pred, target, rows, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        w = torch.full((n_rows,), 1.0 / pred.numel(), device=pred.device)
        return torch.matmul(rows, w)
