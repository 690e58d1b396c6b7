"""Triton AdamW-amsgrad step: one elementwise program per block; bias corrections precomputed on the
host from the step count."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def amsgrad_kernel(p_ptr, g_ptr, m_ptr, v_ptr, vmax_ptr, out_ptr, n, step_size, beta1, beta2, eps,
                   inv_sqrt_bc2, decay, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)
    vmax = tl.load(vmax_ptr + offs, mask=mask, other=0.0)
    p = p * decay
    m_new = beta1 * m + (1.0 - beta1) * g
    v_new = beta2 * v + (1.0 - beta2) * g * g
    vmax_new = tl.maximum(vmax, v_new)
    denom = tl.sqrt(vmax_new) * inv_sqrt_bc2 + eps
    p = p - step_size * m_new / denom
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + n + offs, m_new, mask=mask)
    tl.store(out_ptr + 2 * n + offs, v_new, mask=mask)
    tl.store(out_ptr + 3 * n + offs, vmax_new, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float, beta1: float, beta2: float, eps: float, weight_decay: float):
        super().__init__()
        self.step = step
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.weight_decay = weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq):
        n = param.numel()
        out = torch.empty(4, n, device=param.device, dtype=param.dtype)
        bc1 = 1.0 - self.beta1 ** self.step
        inv_sqrt_bc2 = 1.0 / math.sqrt(1.0 - self.beta2 ** self.step)
        BLOCK = 512
        amsgrad_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq, out, n,
                                                 self.lr / bc1, self.beta1, self.beta2, self.eps, inv_sqrt_bc2,
                                                 1.0 - self.lr * self.weight_decay, BLOCK=BLOCK)
        return out
