"""One NAdam step in Triton: the momentum-decay schedule is folded into two host scalars, the
elementwise update runs in one kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _nadam_kernel(p_ptr, g_ptr, m_ptr, v_ptr, out_ptr, n, wd, one_minus_b1, b2, one_minus_b2,
                  inv_bc2, eps, c1, c2, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0) + wd * p
    m0 = tl.load(m_ptr + offs, mask=mask, other=0.0)
    v0 = tl.load(v_ptr + offs, mask=mask, other=0.0)
    m = m0 + one_minus_b1 * (g - m0)
    v = v0 * b2 + one_minus_b2 * g * g
    denom = tl.sqrt(v * inv_bc2) + eps
    tl.store(out_ptr + offs, p + c1 * (g / denom) + c2 * (m / denom), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float = 5e-2, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, weight_decay: float = 1e-2, momentum_decay: float = 4e-3):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2 = step, lr, beta1, beta2
        self.eps, self.weight_decay, self.momentum_decay = eps, weight_decay, momentum_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        t, b1, b2, md = self.step, self.beta1, self.beta2, self.momentum_decay
        mu_product = 1.0
        for i in range(1, t + 1):
            mu_product *= b1 * (1.0 - 0.5 * (0.96 ** (i * md)))
        mu = b1 * (1.0 - 0.5 * (0.96 ** (t * md)))
        mu_next = b1 * (1.0 - 0.5 * (0.96 ** ((t + 1) * md)))
        c1 = -self.lr * (1.0 - mu) / (1.0 - mu_product)
        c2 = -self.lr * mu_next / (1.0 - mu_product * mu_next)
        inv_bc2 = 1.0 / (1.0 - b2 ** t)
        out = torch.empty_like(param)
        n = param.numel()
        BLOCK = 1024
        _nadam_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, exp_avg_sq, out, n, self.weight_decay,
                                                1.0 - b1, b2, 1.0 - b2, inv_bc2, self.eps, c1, c2, BLOCK=BLOCK)
        return out
