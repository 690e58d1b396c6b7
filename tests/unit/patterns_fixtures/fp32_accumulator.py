# near-miss: fp32 row sums of fp16 data, accumulated in an fp16 accumulator
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 4, 8192


class Model(nn.Module):
    def forward(self, x):
        return x.float().sum(dim=1)


def get_inputs():
    return [torch.randn(rows, cols).half()]


def get_init_inputs():
    return []


@triton.jit
def rowsum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float16)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty(x.shape[0], dtype=torch.float32)
        rowsum_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=64)
        return out
