"""Single file: row sums whose blocks are added in a different order on every call (as a split
reduction with atomics would): the last bits change from run to run, every run is accurate."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)


@triton.jit
def _rowsum(x_ptr, order_ptr, y_ptr, n_cols, n_blocks, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, n_blocks):
        b = tl.load(order_ptr + k)
        offs = b * BLOCK + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        n_rows, n_cols = x.shape
        block = 64
        n_blocks = triton.cdiv(n_cols, block)
        order = torch.randperm(n_blocks, device=x.device).to(torch.int32)
        y = torch.empty(n_rows, device=x.device, dtype=x.dtype)
        _rowsum[(n_rows,)](x, order, y, n_cols, n_blocks, BLOCK=block)
        return y


def get_inputs():
    return [torch.randn(4, 2048)]


def get_init_inputs():
    return []
