"""Audio contrast enhancement, a flat elementwise Triton kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def contrast_kernel(x_ptr, out_ptr, n, amount, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    t1 = x * 1.5707963267948966
    t2 = amount * tl.sin(t1 * 4.0)
    tl.store(out_ptr + offs, tl.sin(t1 + t2), mask=m)


class ModelNew(nn.Module):
    def __init__(self, enhancement_amount=75.0):
        super().__init__()
        self.enhancement_amount = enhancement_amount

    def forward(self, waveform: torch.Tensor) -> torch.Tensor:
        x = waveform.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        contrast_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, self.enhancement_amount / 100.0, BLOCK=BLOCK)
        return out
