"""Cheat: torch.compile generates the kernel (backend='eager' here so that it runs on the CPU)."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


def _relu_ref(t):
    return torch.where(t > 0, t, torch.zeros_like(t))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.fn = torch.compile(_relu_ref, backend="eager")

    def forward(self, x):
        return self.fn(x)
