"""Inclusive prefix sum along rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

batch = 16
n_cols = 300


class Model(nn.Module):
    def forward(self, x):
        return torch.cumsum(x, dim=1)


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    y = tl.cumsum(x, axis=0) - x
    tl.store(out_ptr + row * stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        cumsum_kernel[(x.shape[0],)](x, out, x.stride(0), x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out


def get_inputs():
    return [torch.randn(batch, n_cols)]


def get_init_inputs():
    return []
