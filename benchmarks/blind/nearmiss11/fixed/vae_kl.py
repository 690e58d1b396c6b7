"""Gaussian KL regulariser in Triton: per-block partial sums added atomically into a scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def vae_kl_kernel(mu_ptr, lv_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    mu = tl.load(mu_ptr + offs, mask=mask, other=0.0)
    lv = tl.load(lv_ptr + offs, mask=mask, other=0.0)
    t = 1.0 + lv - mu * mu - tl.exp(lv)
    s = tl.sum(tl.where(mask, t, 0.0), axis=0)
    tl.atomic_add(out_ptr, s * scale)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mu: torch.Tensor, logvar: torch.Tensor) -> torch.Tensor:
        mu = mu.contiguous()
        logvar = logvar.contiguous()
        n = mu.numel()
        out = torch.zeros(1, device=mu.device, dtype=torch.float32)
        BLOCK = 2048
        scale = -0.5 / mu.shape[0]
        vae_kl_kernel[(triton.cdiv(n, BLOCK),)](mu, logvar, out, n, scale, BLOCK=BLOCK)
        return out.view([])
