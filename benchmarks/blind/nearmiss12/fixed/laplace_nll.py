"""Triton Laplace negative log-likelihood, mean over elements by atomics into a scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _laplace_kernel(mu_ptr, lb_ptr, y_ptr, out_ptr, n, inv_n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    mu = tl.load(mu_ptr + offs, mask=mask, other=0.0)
    lb = tl.load(lb_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    nll = 0.6931471805599453 + lb + tl.abs(y - mu) * tl.exp(-lb)
    nll = tl.where(mask, nll, 0.0)
    tl.atomic_add(out_ptr, tl.sum(nll, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mu, log_b, target):
        mu = mu.contiguous()
        lb = log_b.contiguous()
        y = target.contiguous()
        n = mu.numel()
        out = torch.zeros((), dtype=torch.float32, device=mu.device)
        BLOCK = 1024
        _laplace_kernel[(triton.cdiv(n, BLOCK),)](mu, lb, y, out, n, 1.0 / n, BLOCK=BLOCK)
        return out
