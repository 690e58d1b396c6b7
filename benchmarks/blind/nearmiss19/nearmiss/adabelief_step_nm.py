"""One AdaBelief step in Triton: moments, belief variance and update fused in one elementwise kernel."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _adabelief_kernel(p_ptr, g_ptr, m_ptr, s_ptr, out_ptr, n, b1, b2, eps, inv_sqrt_bc2, step_size,
                      BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = b1 * tl.load(m_ptr + offs, mask=mask, other=0.0) + (1.0 - b1) * g
    r = g - m
    s = b2 * tl.load(s_ptr + offs, mask=mask, other=0.0) + (1.0 - b2) * r * r + eps
    denom = tl.sqrt(s) * inv_sqrt_bc2 + eps
    tl.store(out_ptr + offs, p + step_size * (m / denom), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps = step, lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_var):
        bias_correction1 = 1.0 - self.beta1 ** self.step
        bias_correction2 = 1.0 - self.beta2 ** self.step
        out = torch.empty_like(param)
        n = param.numel()
        BLOCK = 1024
        _adabelief_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, exp_avg_var, out, n, self.beta1,
                                                    self.beta2, self.eps, 1.0 / math.sqrt(bias_correction2),
                                                    self.lr / bias_correction1, BLOCK=BLOCK)
        return out
