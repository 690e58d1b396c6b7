"""A Triton kernel whose wrapper insists on CUDA tensors: it cannot run on a CPU-only machine."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2.0, mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        assert x.is_cuda, "this kernel needs a CUDA tensor"
        y = torch.empty_like(x)
        n = x.numel()
        _scale[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y
