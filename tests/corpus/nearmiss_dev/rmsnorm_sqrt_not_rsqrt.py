"""RMSNorm over the last dimension, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 32
dim = 512
eps = 1e-6


class Model(nn.Module):
    def forward(self, x, weight):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


@triton.jit
def rms_kernel(x_ptr, w_ptr, out_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    ms = tl.sum(x * x, axis=0) / n_cols
    r = tl.sqrt(ms + eps)
    tl.store(out_ptr + row * n_cols + cols, x * r * w, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x, weight):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.shape[-1]
        rms_kernel[(x.shape[0],)](x, weight, out, n, eps, BLOCK=triton.next_power_of_2(n))
        return out


def get_inputs():
    return [torch.randn(rows, dim), torch.rand(dim) + 0.5]


def get_init_inputs():
    return []
