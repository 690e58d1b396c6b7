"""Triton longest run above threshold: one program per row, chunks scanned with an associative max-scan."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def longest_run_kernel(x_ptr, thr_ptr, out_ptr, n, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.load(thr_ptr + row)
    carry = tl.full([], -1, tl.int32)
    best = tl.full([], 0, tl.int32)
    for start in range(0, n, BLOCK):
        idx = start + tl.arange(0, BLOCK)
        m = idx < n
        x = tl.load(x_ptr + row * stride_row + idx, mask=m, other=0.0)
        reset = tl.where(m & (x > t), -1, idx)
        last = tl.maximum(tl.associative_scan(reset, 0, _max_combine), carry)
        run = tl.where(m, idx - last - 1, 0)
        best = tl.maximum(best, tl.max(run, axis=0))
        carry = tl.maximum(carry, tl.max(reset, axis=0))
    tl.store(out_ptr + row, best.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, thr: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        thr = thr.contiguous()
        n_rows, n = x.shape
        out = torch.empty(n_rows, device=x.device, dtype=torch.int64)
        longest_run_kernel[(n_rows,)](x, thr, out, n, x.stride(0), BLOCK=128)
        return out
