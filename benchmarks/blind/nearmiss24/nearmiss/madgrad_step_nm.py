"""Triton MADGRAD step: one program per block of coordinates writing the new parameters and both sums."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def madgrad_kernel(x_ptr, x0_ptr, s_ptr, nu_ptr, g_ptr, out_ptr, N, lamb, ck, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    x0 = tl.load(x0_ptr + offs, mask=mask, other=0.0)
    s = tl.load(s_ptr + offs, mask=mask, other=0.0)
    nu = tl.load(nu_ptr + offs, mask=mask, other=1.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    s_new = s + lamb * g
    nu_new = nu + lamb * g * g
    rms = tl.exp(tl.log(nu_new) / 2.0) + eps
    z = x0 - s_new / rms
    x_new = (1.0 - ck) * x + ck * z
    tl.store(out_ptr + offs, x_new, mask=mask)
    tl.store(out_ptr + N + offs, s_new, mask=mask)
    tl.store(out_ptr + 2 * N + offs, nu_new, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float = 0.01, momentum: float = 0.9, eps: float = 1e-6):
        super().__init__()
        self.step = step
        self.lr = lr
        self.momentum = momentum
        self.eps = eps

    def forward(self, x, x0, s, nu, g):
        x, x0, s, nu, g = (t.contiguous() for t in (x, x0, s, nu, g))
        N = x.numel()
        out = torch.empty((3, N), dtype=x.dtype, device=x.device)
        lamb = self.lr * (self.step + 1) ** 0.5
        ck = 1.0 - self.momentum
        BLOCK = 1024
        grid = (triton.cdiv(N, BLOCK),)
        madgrad_kernel[grid](x, x0, s, nu, g, out, N, lamb, ck, self.eps, BLOCK=BLOCK)
        return out
