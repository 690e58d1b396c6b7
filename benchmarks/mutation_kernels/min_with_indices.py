"""torch.min(x, dim=1) -> (values, indices), the first minimum on ties: one program per row, a
running minimum over column blocks, NaN first. A correct kernel for benchmarks/mutation.py (tie-sensitive)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 12
cols = 300


class Model(nn.Module):
    def forward(self, x: torch.Tensor):
        values, indices = torch.min(x, dim=1)
        return values, indices


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def min_kernel(x_ptr, val_ptr, idx_ptr, N, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    best = float("inf")
    best_i = 0
    first_nan = N
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride + offs, mask=offs < N, other=float("inf"))
        m = tl.min(x, axis=0)
        i = tl.min(tl.where(x == m, offs, N), axis=0)
        first_nan = tl.minimum(first_nan, tl.min(tl.where(x != x, offs, N), axis=0))
        take = m < best
        best = tl.where(take, m, best)
        best_i = tl.where(take, i, best_i)
    has_nan = first_nan < N  # torch: a NaN is the minimum, at its first index
    best = tl.where(has_nan, float("nan"), best)
    best_i = tl.where(has_nan, first_nan, best_i)
    tl.store(val_ptr + row, best)
    tl.store(idx_ptr + row, best_i.to(tl.int64))


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor):
        x = x.contiguous()
        M, N = x.shape
        values = torch.empty(M, dtype=x.dtype, device=x.device)
        indices = torch.empty(M, dtype=torch.int64, device=x.device)
        min_kernel[(M,)](x, values, indices, N, x.stride(0), BLOCK=128)
        return values, indices
