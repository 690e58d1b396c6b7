"""Honest: the kernel writes each row's mean squared difference; torch takes the mean of the rows
(`.mean()` as the torch epilogue over the kernel's own output)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_mse(p_ptr, t_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        p = tl.load(p_ptr + row * n_cols + cols, mask=mask, other=0.0)
        t = tl.load(t_ptr + row * n_cols + cols, mask=mask, other=0.0)
        d = p - t
        acc += d * d
    tl.store(out_ptr + row, tl.sum(acc, axis=0) / n_cols)


def _launch(pred, target):
    n_rows, n_cols = pred.shape
    out = torch.empty(n_rows, dtype=torch.float32, device=pred.device)
    _row_mse[(n_rows,)](pred, target, out, n_cols, BLOCK=256)
    return out


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        per_row = _launch(pred.contiguous(), target.contiguous())
        return per_row.mean()
