# near-miss: a transposed view is handed to a kernel that assumes contiguous memory
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 48, 40


class Model(nn.Module):
    def forward(self, x):
        return x.t() * 2.0


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        xt = x.t()
        out = torch.empty(xt.shape, dtype=x.dtype)
        scale_kernel[(triton.cdiv(xt.numel(), 1024),)](xt, out, xt.numel(), BLOCK=1024)
        return out
