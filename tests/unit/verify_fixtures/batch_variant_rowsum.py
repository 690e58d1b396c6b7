"""Row sums whose reduction order depends on the batch size (a split-K style kernel that changes
its block with the batch): correct within tolerance, but not batch invariant."""
import torch
import torch.nn as nn
import triton
import triton.language as tl

batch_size = 8
dim = 1000


class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []


@triton.jit
def _rowsum(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        block = 64 if x.shape[0] > 1 else 256  # the batch size picks the reduction order
        _rowsum[(x.shape[0],)](x, out, x.shape[1], BLOCK=block)
        return out
