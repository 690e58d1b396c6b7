# near-miss: the row mean divides by the padded BLOCK instead of the row length
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1000


class Model(nn.Module):
    def forward(self, x):
        return x - x.mean(dim=1, keepdim=True)


def get_inputs():
    return [torch.randn(rows, cols) + 2.0]


def get_init_inputs():
    return []


@triton.jit
def center_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / BLOCK
    tl.store(out_ptr + row * stride + cols, x - mean, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        center_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=1024)
        return out
