"""Row-wise argmax (first maximum on ties, as torch): one program per row, a running best over column
blocks. tests/unit/test_bounds_ties.py flips `>` to `>=` (ties then go to the last block)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 8
cols = 200


class Model(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.argmax(x, dim=1)


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def argmax_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    best = -float("inf")
    best_i = 0
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * N + offs, mask=offs < N, other=-float("inf"))
        m = tl.max(x, axis=0)
        i = tl.min(tl.where(x == m, offs, N), axis=0)
        take = m > best
        best = tl.where(take, m, best)
        best_i = tl.where(take, i, best_i)
    tl.store(out_ptr + row, best_i.to(tl.int64))


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty(x.shape[0], dtype=torch.int64, device=x.device)
        argmax_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=64)
        return out
