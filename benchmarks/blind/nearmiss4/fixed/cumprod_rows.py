import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def _cumprod_rows_kernel(x_ptr, out_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row * L
    carry = 1.0
    for start in range(0, L, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < L
        x = tl.load(x_ptr + base + cols, mask=mask, other=1.0)
        run = tl.associative_scan(x, 0, _mul)
        tl.store(out_ptr + base + cols, run * carry, mask=mask)
        carry = carry * tl.reduce(x, 0, _mul)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, L = x.shape
        out = torch.empty_like(x)
        _cumprod_rows_kernel[(n_rows,)](x, out, L, BLOCK=256)
        return out
