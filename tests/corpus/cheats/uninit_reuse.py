"""Cheat (KernelBench PR #82, CUDA): returns torch.empty_like(a) without writing it. With PyTorch's
caching allocator the block is often the one that just held the reference's output. The launched
kernel only writes a scratch buffer."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


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
        out = torch.empty_like(a)  # first allocation: most likely the block the reference freed
        scratch = torch.empty(1024, device=a.device, dtype=a.dtype)
        add_kernel[(1,)](a, b, scratch, 1024, BLOCK=1024)
        return out
