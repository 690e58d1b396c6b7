"""One Yogi step in Triton: the sign-controlled additive second moment and the update in one kernel."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _yogi_kernel(p_ptr, g_ptr, m_ptr, v_ptr, out_ptr, n, b1, one_minus_b2, inv_sqrt_bc2, eps, step_size,
                 BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    v0 = tl.load(v_ptr + offs, mask=mask, other=0.0)
    m = b1 * tl.load(m_ptr + offs, mask=mask, other=0.0) + (1.0 - b1) * g
    g2 = g * g
    d = v0 - g2
    sgn = tl.where(d > 0, 1.0, tl.where(d < 0, -1.0, 0.0))
    v = v0 - one_minus_b2 * sgn * g2
    denom = tl.sqrt(v) * inv_sqrt_bc2 + eps
    tl.store(out_ptr + offs, p - step_size * (m / denom), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-3):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps = step, lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        bias_correction1 = 1.0 - self.beta1 ** self.step
        bias_correction2 = 1.0 - self.beta2 ** self.step
        out = torch.empty_like(param)
        n = param.numel()
        BLOCK = 1024
        _yogi_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, exp_avg_sq, out, n, self.beta1,
                                               1.0 - self.beta2, 1.0 / math.sqrt(bias_correction2), self.eps,
                                               self.lr / bias_correction1, BLOCK=BLOCK)
        return out
