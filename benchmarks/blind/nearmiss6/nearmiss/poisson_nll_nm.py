"""Poisson NLL (log input, mean): each program adds its block's share of the mean with an atomic."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def poisson_nll_kernel(x_ptr, t_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    loss = tl.exp(x) + t * x
    loss = tl.where(mask, loss, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_rate: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        log_rate = log_rate.contiguous()
        target = target.contiguous()
        out = torch.zeros((), dtype=log_rate.dtype, device=log_rate.device)
        n = log_rate.numel()
        BLOCK = 1024
        poisson_nll_kernel[(triton.cdiv(n, BLOCK),)](log_rate, target, out, n, BLOCK=BLOCK)
        return out
