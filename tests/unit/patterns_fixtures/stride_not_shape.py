# near-miss: the row stride of a column slice is passed as its width (x.shape[1])
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1000


class Model(nn.Module):
    def forward(self, x):
        return x[:, : x.shape[1] // 2].sum(dim=1)


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def rowsum_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * row_stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        half = x[:, : x.shape[1] // 2]
        out = torch.empty(half.shape[0], dtype=x.dtype)
        rowsum_kernel[(half.shape[0],)](half, out, half.shape[1], half.shape[1], BLOCK=512)
        return out
