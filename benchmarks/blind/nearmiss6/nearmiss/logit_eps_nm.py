"""Clamped logit over the flattened tensor."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def logit_kernel(x_ptr, out_ptr, n, eps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.5)
    z = tl.minimum(tl.maximum(x, eps), 1.0)
    y = tl.log(z / (1.0 - z))
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        logit_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, self.eps, BLOCK=BLOCK)
        return out
