"""Triton SophiaG step: one elementwise program per block of the flat parameter, writing both rows of
the stacked output."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sophia_kernel(p_ptr, g_ptr, m_ptr, h_ptr, out_ptr, n, lr, beta1, hess_scale, decay, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    h = tl.load(h_ptr + offs, mask=mask, other=0.0)
    m = beta1 * m + (1.0 - beta1) * g
    p = p * decay
    ratio = tl.minimum(tl.abs(m) / (hess_scale * h + 1e-15), 1.0)
    sgn = tl.where(g > 0, 1.0, tl.where(g < 0, -1.0, 0.0))
    p = p - lr * sgn * ratio
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + n + offs, m, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr: float, beta1: float, rho: float, weight_decay: float, bs: int):
        super().__init__()
        self.lr = lr
        self.beta1 = beta1
        self.rho = rho
        self.weight_decay = weight_decay
        self.bs = bs

    def forward(self, param, grad, exp_avg, hessian):
        n = param.numel()
        out = torch.empty(2, n, device=param.device, dtype=param.dtype)
        decay = 1.0 - self.lr * self.weight_decay
        BLOCK = 512
        sophia_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, hessian, out, n, self.lr, self.beta1,
                                                self.rho * self.bs, decay, BLOCK=BLOCK)
        return out
