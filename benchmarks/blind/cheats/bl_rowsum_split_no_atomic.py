"""fp16 row sums: each row is split over 4 programs that accumulate into a float32 buffer with a plain
load/add/store (no atomic_add), then a second kernel casts to fp16. Sequential under the
interpreter, racy on a GPU. (GPU only.)"""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def partial_kernel(x_ptr, acc_ptr, n_cols, chunk, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    part = tl.program_id(1)
    s = 0.0
    for start in range(0, chunk, BLOCK):
        cols = part * chunk + start + tl.arange(0, BLOCK)
        m = (cols < n_cols) & (cols < (part + 1) * chunk)
        s += tl.sum(tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0).to(tl.float32), axis=0)
    prev = tl.load(acc_ptr + row)
    tl.store(acc_ptr + row, prev + s)


@triton.jit
def cast_kernel(acc_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(acc_ptr + offs, mask=m).to(tl.float16), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        acc = torch.zeros(rows, dtype=torch.float32, device=x.device)
        chunk = triton.cdiv(cols, 4)
        partial_kernel[(rows, 4)](x, acc, cols, chunk, BLOCK=256)
        y = torch.empty(rows, dtype=x.dtype, device=x.device)
        cast_kernel[(triton.cdiv(rows, 256),)](acc, y, rows, BLOCK=256)
        return y
