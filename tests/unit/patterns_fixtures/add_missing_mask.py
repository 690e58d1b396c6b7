# near-miss: vector add without masks; n is not a multiple of BLOCK
import torch
import torch.nn as nn
import triton
import triton.language as tl

n = 3000


class Model(nn.Module):
    def forward(self, x, y):
        return x + y


def get_inputs():
    return [torch.randn(n), torch.randn(n)]


def get_init_inputs():
    return []


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + offs, x + y)


class ModelNew(nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n_elements = x.numel()
        add_kernel[(triton.cdiv(n_elements, 1024),)](x, y, out, n_elements, BLOCK=1024)
        return out
