# near-miss: column sums by atomic_add into an output that was never zeroed
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 16, 256


class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=0)


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def colsum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + cols, x, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty(x.shape[1], dtype=x.dtype)
        colsum_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=256)
        return out
