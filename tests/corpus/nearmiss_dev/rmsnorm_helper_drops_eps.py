"""RMSNorm with a launch helper."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 32
dim = 256
eps = 0.5


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


@triton.jit
def rms_kernel(x_ptr, out_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    r = tl.rsqrt(tl.sum(x * x, axis=0) / n_cols + eps)
    tl.store(out_ptr + row * n_cols + cols, x * r, mask=mask)


def rms_norm(x, eps=1e-6):
    x = x.contiguous()
    out = torch.empty_like(x)
    n = x.shape[-1]
    rms_kernel[(x.shape[0],)](x, out, n, eps, BLOCK=triton.next_power_of_2(n))
    return out


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        return rms_norm(x)


def get_inputs():
    return [torch.randn(rows, dim)]


def get_init_inputs():
    return []
