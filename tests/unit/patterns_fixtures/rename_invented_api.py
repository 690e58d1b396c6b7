# near-miss: an invented API (triton.next_power_of_two) and a renamed one (tl.libdevice)
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1000


class Model(nn.Module):
    def forward(self, x):
        return torch.sqrt(x.abs()).sum(dim=1)


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def rowsqrt_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(tl.sqrt(tl.abs(x)), axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty(x.shape[0], dtype=x.dtype)
        BLOCK = triton.next_power_of_two(x.shape[1])
        rowsqrt_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=BLOCK)
        return out
