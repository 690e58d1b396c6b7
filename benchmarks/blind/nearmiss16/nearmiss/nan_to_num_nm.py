"""nan_to_num in Triton, replacement values passed from the host."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def nan_to_num_kernel(x_ptr, out_ptr, n, nan_val, posinf_val, neginf_val, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.where(x != x, nan_val, x)
    y = tl.where(x == float("inf"), posinf_val, y)
    y = tl.where(x == float("-inf"), posinf_val, y)
    tl.store(out_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        fmax = torch.finfo(x.dtype).max
        fmin = torch.finfo(x.dtype).min
        BLOCK = 1024
        nan_to_num_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, 0.0, fmax, fmin, BLOCK=BLOCK)
        return out
