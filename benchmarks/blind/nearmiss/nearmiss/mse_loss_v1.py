"""Triton mean squared error: each program reduces one block of the flattened tensors and adds
its scaled partial sum into a scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mse_kernel(p_ptr, t_ptr, out_ptr, n, inv_n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    d = p - t
    tl.store(out_ptr, tl.sum(d * d, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        pred = pred.contiguous()
        target = target.contiguous()
        n = pred.numel()
        out = torch.zeros((), dtype=torch.float32, device=pred.device)
        BLOCK = 1024
        grid = (triton.cdiv(n, BLOCK),)
        mse_kernel[grid](pred, target, out, n, 1.0 / n, BLOCK=BLOCK)
        return out
