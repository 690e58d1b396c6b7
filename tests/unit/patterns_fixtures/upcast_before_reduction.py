# near-miss: RMSNorm squares fp16 values in fp16; large inputs overflow to inf
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1024


class Model(nn.Module):
    def forward(self, x):
        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(dim=1, keepdim=True) + 1e-6)).to(x.dtype)


def get_inputs():
    return [torch.randn(rows, cols).half()]


def get_init_inputs():
    return []


@triton.jit
def rmsnorm_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    ms = tl.sum(x * x, axis=0) / n_cols
    y = x * tl.math.rsqrt(ms + 1e-6)
    tl.store(out_ptr + row * stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        rmsnorm_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=1024)
        return out
