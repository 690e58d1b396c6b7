# near-miss: masked load pads with 0.0, so tl.max over an all-negative row returns 0
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1000


class Model(nn.Module):
    def forward(self, x):
        return torch.amax(x, dim=1)


def get_inputs():
    return [torch.randn(rows, cols) - 5.0]


def get_init_inputs():
    return []


@triton.jit
def rowmax_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    vals = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.max(vals, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty(x.shape[0], dtype=x.dtype)
        rowmax_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=1024)
        return out
