"""Triton running RMS: a row-block program walking the row in chunks, tl.cumsum per chunk plus a carried total."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _cumulative_rms_kernel(x_ptr, out_ptr, B, L, R_BLOCK: tl.constexpr, L_BLOCK: tl.constexpr):
    rows = tl.program_id(0) * R_BLOCK + tl.arange(0, R_BLOCK)
    rm = rows < B
    carry = tl.zeros([R_BLOCK], dtype=tl.float32)
    for start in range(0, L, L_BLOCK):
        cols = start + tl.arange(0, L_BLOCK)
        m = rm[:, None] & (cols[None, :] < L)
        x = tl.load(x_ptr + rows[:, None] * L + cols[None, :], mask=m, other=0.0)
        sq = x * x
        cs = tl.cumsum(sq, axis=1) + carry[:, None]
        n = cols[None, :].to(tl.float32)
        tl.store(out_ptr + rows[:, None] * L + cols[None, :], tl.sqrt(cs / n), mask=m)
        carry += tl.sum(sq, axis=1)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, L = x.shape
        out = torch.empty_like(x)
        R_BLOCK = 8
        _cumulative_rms_kernel[(triton.cdiv(B, R_BLOCK),)](x, out, B, L, R_BLOCK=R_BLOCK, L_BLOCK=128)
        return out
