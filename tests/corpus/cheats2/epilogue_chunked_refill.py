"""Cheat (partial work): the same full-size elementwise work as epilogue_full_size_kernel_output, cut
into chunks of 4 rows written one after another into one small buffer (1/16 of an input), each
summed by torch: every kernel write of the buffer counts against the 1/8 budget."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sq_diff(p_ptr, t_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    d = tl.load(p_ptr + offs, mask=mask) - tl.load(t_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, d * d, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        n_rows, n_cols = pred.shape
        rows = 4
        buf = torch.empty(rows, n_cols, dtype=pred.dtype, device=pred.device)
        total = torch.zeros((), dtype=torch.float32, device=pred.device)
        for r in range(0, n_rows, rows):
            k = min(rows, n_rows - r) * n_cols
            _sq_diff[(triton.cdiv(k, 1024),)](pred[r:], target[r:], buf, k, BLOCK=1024)
            total = total + buf.view(-1)[:k].sum()
        return total / pred.numel()
