"""Triton FTRL-Proximal step: one program per block of coordinates, writing weights, z and n to a (3, N) output."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ftrl_kernel(w_ptr, z_ptr, n_ptr, g_ptr, out_ptr, N, inv_alpha, beta, l1, l2, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    w = tl.load(w_ptr + offs, mask=mask, other=0.0)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0)
    n = tl.load(n_ptr + offs, mask=mask, other=1.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    n_new = n + g * g
    sq_new = tl.sqrt(n_new)
    sigma = (sq_new - tl.sqrt(n)) * inv_alpha
    z_new = z + g - sigma * w
    denom = (beta + sq_new) * inv_alpha + l2
    sgn = tl.where(z_new > 0, 1.0, tl.where(z_new < 0, -1.0, 0.0))
    shrunk = -(z_new - sgn * l1) / denom
    w_new = tl.where(tl.abs(z_new) <= l1, 0.0, shrunk)
    tl.store(out_ptr + offs, w_new, mask=mask)
    tl.store(out_ptr + N + offs, z_new, mask=mask)
    tl.store(out_ptr + 2 * N + offs, n_new, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, alpha: float = 0.1, beta: float = 1.0, l1: float = 1.0, l2: float = 0.5):
        super().__init__()
        self.alpha = alpha
        self.beta = beta
        self.l1 = l1
        self.l2 = l2

    def forward(self, w, z, n, g):
        w, z, n, g = w.contiguous(), z.contiguous(), n.contiguous(), g.contiguous()
        N = w.numel()
        out = torch.empty((3, N), dtype=w.dtype, device=w.device)
        BLOCK = 1024
        grid = (triton.cdiv(N, BLOCK),)
        ftrl_kernel[grid](w, z, n, g, out, N, 1.0 / self.alpha, self.beta, self.l1, self.l2, BLOCK=BLOCK)
        return out
