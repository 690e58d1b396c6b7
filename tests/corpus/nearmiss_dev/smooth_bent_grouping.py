"""A smooth bent line, x + (sqrt(x^2 + 4) - 2) / 4, elementwise."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

n_elems = 3000


class Model(nn.Module):
    def forward(self, x):
        return (torch.sqrt(x * x + 4.0) - 2.0) * 0.25 + x


@triton.jit
def smooth_bent_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.sqrt(x * x + 4.0) - 2.0 * 0.25 + x
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        smooth_bent_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        return out


def get_inputs():
    return [torch.randn(n_elems)]


def get_init_inputs():
    return []
