"""Tanh activation."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

batch = 16
dim = 1024


class Model(nn.Module):
    def forward(self, x):
        return torch.tanh(x)


@triton.jit
def tanh_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    t = tl.exp(-2.0 * tl.abs(x))
    y = (1.0 - t) / (1.0 + t)
    y = tl.where(x < 0, -y, y)
    y = tl.where(tl.abs(x) < 0.01, x - x * x * x / 3.0, y)
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        tanh_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        return out


def get_inputs():
    return [torch.randn(batch, dim)]


def get_init_inputs():
    return []
