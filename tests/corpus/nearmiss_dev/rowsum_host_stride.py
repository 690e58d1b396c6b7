"""Row sums of a 2-D tensor, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 40
cols = 300


class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)


@triton.jit
def rowsum_kernel(x_ptr, out_ptr, row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * row_stride + c, mask=c < n_cols, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        rowsum_kernel[(x.shape[0],)](x, out, x.stride(1), x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
