"""Triton QHAdam step over flat parameter lanes; writes [param, exp_avg, exp_avg_sq] rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def qhadam_kernel(out_ptr, p_ptr, g_ptr, m_ptr, v_ptr, n, lr, beta1, beta2, nu1, nu2, eps, bc1, bc2,
                  BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    v = tl.load(v_ptr + offs, mask=mask, other=1.0)
    m = beta1 * m + (1.0 - beta1) * g
    v = beta2 * v + (1.0 - beta2) * g * g
    mh = m / bc1
    vh = v / bc2
    num = (1.0 - nu1) * g + nu1 * mh
    den = tl.rsqrt((1.0 - nu2) * g * g + nu2 * vh) + eps
    tl.store(out_ptr + offs, p - lr * num / den, mask=mask)
    tl.store(out_ptr + n + offs, m, mask=mask)
    tl.store(out_ptr + 2 * n + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr=0.05, beta1=0.9, beta2=0.999, nu1=0.7, nu2=0.8, eps=1e-8, step=2):
        super().__init__()
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.nu1, self.nu2, self.eps, self.step = nu1, nu2, eps, step

    def forward(self, p, g, m, v):
        n = p.numel()
        out = torch.empty(3, n, device=p.device, dtype=p.dtype)
        bc1 = 1.0 - self.beta1 ** self.step
        bc2 = 1.0 - self.beta2 ** self.step
        BLOCK = 1024
        qhadam_kernel[(triton.cdiv(n, BLOCK),)](out, p, g, m, v, n, self.lr, self.beta1, self.beta2,
                                                self.nu1, self.nu2, self.eps, bc1, bc2, BLOCK=BLOCK)
        return out
