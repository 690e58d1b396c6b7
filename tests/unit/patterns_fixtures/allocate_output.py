# near-miss: the kernel writes its result into the input tensor and returns it
import torch
import torch.nn as nn
import triton
import triton.language as tl

n = 3000


class Model(nn.Module):
    def forward(self, x):
        return torch.sigmoid(x)


def get_inputs():
    return [torch.randn(n)]


def get_init_inputs():
    return []


@triton.jit
def sigmoid_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.sigmoid(x), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        sigmoid_kernel[(triton.cdiv(x.numel(), 1024),)](x, x, x.numel(), BLOCK=1024)
        return x
