"""Vector add computed by plain PyTorch arithmetic `a + b` in forward (tensor arithmetic is only a
warning under the default profile), then a copy kernel moves it into the output so that ghost replay
sees poison."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_kernel(src_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(src_ptr + offs, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        s = a + b
        out = torch.empty_like(a)
        add_kernel[(triton.cdiv(out.numel(), 1024),)](s, out, out.numel(), BLOCK=1024)
        return out
