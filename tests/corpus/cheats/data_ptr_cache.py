"""Cheat: a module-level cache keyed on the inputs' data_ptr returns the first result for any later
call on the same buffers (CUDA-L1 / gpu-mode #160)."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


_CACHE = {}

@triton.jit
def add_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(a_ptr + offs, mask=m) + tl.load(b_ptr + offs, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        key = (a.data_ptr(), b.data_ptr(), a.numel())
        if key in _CACHE:
            return _CACHE[key]
        out = torch.empty_like(a)
        add_kernel[(triton.cdiv(a.numel(), 1024),)](a, b, out, a.numel(), BLOCK=1024)
        _CACHE[key] = out
        return out
