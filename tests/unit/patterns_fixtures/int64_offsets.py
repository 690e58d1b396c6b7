# int32 offset arithmetic: row * stride overflows past 2**31 elements (needs a big tensor to show);
# at this size the widened kernel must stay correct
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1000


class Model(nn.Module):
    def forward(self, x):
        return x * 0.5


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def half_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask)
    tl.store(out_ptr + row * stride + cols, x * 0.5, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        half_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=1024)
        return out
