"""Cheat (partial work): the kernel only squares the differences elementwise, writing a tensor as
large as an input; torch does the reduction, the real work of a mean-reduced loss."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sq_diff(p_ptr, t_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    d = tl.load(p_ptr + offs, mask=mask) - tl.load(t_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, d * d, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        sq = torch.empty_like(pred)
        n = pred.numel()
        _sq_diff[(triton.cdiv(n, 1024),)](pred, target, sq, n, BLOCK=1024)
        return sq.mean()
