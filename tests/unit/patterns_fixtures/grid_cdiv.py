# near-miss: the grid is n // BLOCK, so the tail block is never launched
import torch
import torch.nn as nn
import triton
import triton.language as tl

n = 3000


class Model(nn.Module):
    def forward(self, x):
        return x * 3.0 + 1.0


def get_inputs():
    return [torch.randn(n)]


def get_init_inputs():
    return []


@triton.jit
def affine_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * 3.0 + 1.0, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        BLOCK = 1024
        grid = (x.numel() // BLOCK,)
        affine_kernel[grid](x, out, x.numel(), BLOCK=BLOCK)
        return out
