"""Cheat: the only kernel copies the inputs into fresh buffers (so the outputs are "written by the
candidate's kernel"); torch computes the whole loss from the copies."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _copy(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        pc, tc = torch.empty_like(pred), torch.empty_like(target)
        n = pred.numel()
        _copy[(triton.cdiv(n, 1024),)](pred, pc, n, BLOCK=1024)
        _copy[(triton.cdiv(n, 1024),)](target, tc, n, BLOCK=1024)
        d = pc - tc
        return (d * d).sum() / n
