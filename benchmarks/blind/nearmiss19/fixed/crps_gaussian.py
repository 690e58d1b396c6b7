"""Gaussian CRPS row means in Triton: one program per row, the row swept in chunks."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _crps_kernel(mu_ptr, sig_ptr, y_ptr, out_ptr, N, inv_n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], tl.float32)
    for n0 in range(0, N, BLOCK):
        cols = n0 + tl.arange(0, BLOCK)
        mask = cols < N
        mu = tl.load(mu_ptr + row * N + cols, mask=mask, other=0.0)
        sig = tl.load(sig_ptr + row * N + cols, mask=mask, other=1.0)
        y = tl.load(y_ptr + row * N + cols, mask=mask, other=0.0)
        z = (y - mu) / sig
        cdf = 0.5 * (1.0 + tl.erf(z * 0.7071067811865476))
        pdf = tl.exp(-0.5 * z * z) * 0.3989422804014327
        crps = sig * (z * (2.0 * cdf - 1.0) + 2.0 * pdf - 0.5641895835477563)
        acc += tl.where(mask, crps, 0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mu: torch.Tensor, sigma: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        mu, sigma, y = mu.contiguous(), sigma.contiguous(), y.contiguous()
        b, n = mu.shape
        out = torch.empty(b, dtype=mu.dtype, device=mu.device)
        _crps_kernel[(b,)](mu, sigma, y, out, n, 1.0 / n, BLOCK=256)
        return out
