import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _tanh(v):
    e = tl.exp(2.0 * v)
    return (e - 1.0) / (e + 1.0)


@triton.jit
def tanhshrink_rows(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base_in = x_ptr + row * row_stride
    base_out = out_ptr + row * row_stride
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        m = cols < n_cols
        v = tl.load(base_in + cols, mask=m, other=0.0)
        tl.store(base_out + cols, v - _tanh(v), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n_rows, n_cols = x.shape
        tanhshrink_rows[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=256)
        return out
