"""Triton RAdam step: elementwise update, rectification scalars from the step count."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def radam_kernel(p_ptr, g_ptr, m_ptr, v_ptr, out_ptr, n, lr, beta1, beta2, inv_bc1, rect, sqrt_bc2, eps,
                 RECTIFY: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)
    m_new = beta1 * m + (1.0 - beta1) * g
    v_new = beta2 * v + (1.0 - beta2) * g * g
    m_hat = m_new * inv_bc1
    if RECTIFY:
        upd = m_hat * rect * (sqrt_bc2 / (tl.sqrt(v_new) + eps))
    else:
        upd = m_hat
    tl.store(out_ptr + offs, p - lr * upd, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step, lr=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
        super().__init__()
        self.step = step
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        b1, b2, t = self.beta1, self.beta2, self.step
        bc1 = 1 - b1 ** t
        bc2 = 1 - b2 ** t
        rho_inf = 2 / (1 - b2) - 1
        rho_t = rho_inf - 2 * t * b2 ** t / bc2
        rectify = rho_t > 5.0
        rect = 0.0
        if rectify:
            rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
        sqrt_bc2 = math.sqrt(bc2)
        param, grad = param.contiguous(), grad.contiguous()
        exp_avg, exp_avg_sq = exp_avg.contiguous(), exp_avg_sq.contiguous()
        out = torch.empty_like(param)
        n = param.numel()
        BLOCK = 1024
        radam_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, exp_avg_sq, out, n, self.lr, b1, b2,
                                               1.0 / bc1, rect, sqrt_bc2, self.eps, RECTIFY=rectify, BLOCK=BLOCK)
        return out
