import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _max2(a, b):
    return tl.maximum(a, b)


@triton.jit
def _cummax_rows_kernel(x_ptr, out_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row * L
    best = -float("inf")
    for start in range(0, L, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < L
        x = tl.load(x_ptr + base + cols, mask=mask, other=-float("inf"))
        run = tl.associative_scan(x, 0, _max2)
        tl.store(out_ptr + base + cols, tl.maximum(run, best), mask=mask)
        best = tl.maximum(best, tl.max(x, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, L = x.shape
        out = torch.empty_like(x)
        _cummax_rows_kernel[(n_rows,)](x, out, L, BLOCK=128)
        return out
