"""LayerNorm without affine parameters, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 32
dim = 384
eps = 1e-5


class Model(nn.Module):
    def forward(self, x):
        return torch.nn.functional.layer_norm(x, (x.shape[-1],), eps=eps)


@triton.jit
def ln_kernel(x_ptr, out_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    rstd = tl.rsqrt(var + eps)
    tl.store(out_ptr + row * n_cols + cols, d * rstd, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.shape[-1]
        ln_kernel[(x.shape[0],)](x, out, n, eps, BLOCK=triton.next_power_of_2(n))
        return out


def get_inputs():
    return [torch.randn(rows, dim)]


def get_init_inputs():
    return []
