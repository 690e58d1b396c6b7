"""Hinge embedding loss (mean) in Triton: per-block partial sums added atomically into a scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hinge_embedding_kernel(x_ptr, y_ptr, out_ptr, n, margin, inv_n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    neg = tl.maximum(margin - x, 0.0)
    loss = tl.where(y > 0, x, neg)
    loss = tl.where(mask, loss, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self, margin: int):
        super().__init__()
        self.margin = float(margin)

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = y.contiguous()
        n = x.numel()
        out = torch.zeros((), dtype=x.dtype, device=x.device)
        BLOCK = 2048
        hinge_embedding_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, n, self.margin, 1.0 / n, BLOCK=BLOCK)
        return out
