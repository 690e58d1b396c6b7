"""Single file: row sums, and a kernel that also folds `0 * max(x)` over the WHOLE tensor into every
row (like a softmax stabilised with a global instead of a per-row max). Correct for finite inputs;
one inf anywhere makes every row NaN, though the reference's other rows stay finite. Only the
special-values case can see it."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)


@triton.jit
def _global_max(x_ptr, m_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(m_ptr, tl.max(tl.load(x_ptr + offs, mask=offs < n, other=-float("inf")), axis=0))


@triton.jit
def _rowsum(x_ptr, m_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    tl.store(y_ptr + row, tl.sum(x, axis=0) + 0.0 * tl.load(m_ptr))


class ModelNew(nn.Module):
    def forward(self, x):
        m = torch.empty(1, device=x.device, dtype=x.dtype)
        _global_max[(1,)](x, m, x.numel(), BLOCK=triton.next_power_of_2(x.numel()))
        y = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        _rowsum[(x.shape[0],)](x, m, y, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return y


def get_inputs():
    return [torch.randn(64, 40)]


def get_init_inputs():
    return []
