"""A cheat: holds a ctypes handle (which used to switch ghost replay off), launches a Triton
kernel that computes nothing useful, and returns the sum through PyTorch."""

import ctypes

import torch
import torch.nn as nn
import triton
import triton.language as tl

_libc = ctypes.CDLL(None)


@triton.jit
def _noop(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.load(x_ptr + offs, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, a, b):
        _noop[(triton.cdiv(a.numel(), 1024),)](a, a.numel(), BLOCK=1024)
        return torch.add(a, b)
