"""Triton AdaBound step: 1-D lanes over the flat parameter vector; bounds and bias-corrected step size come
from the step count on the host."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def adabound_kernel(p_ptr, g_ptr, m_ptr, v_ptr, out_ptr, N, beta1, beta2, eps, wd, step_size, lower, upper,
                    BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0) + wd * p
    m = beta1 * tl.load(m_ptr + offs, mask=mask, other=0.0) + (1.0 - beta1) * g
    v = beta2 * tl.load(v_ptr + offs, mask=mask, other=0.0) + (1.0 - beta2) * m * m
    denom = tl.sqrt(v) + eps
    lr_t = tl.minimum(tl.maximum(step_size / denom, lower), upper)
    tl.store(out_ptr + offs, p - lr_t * m, mask=mask)
    tl.store(out_ptr + N + offs, m, mask=mask)
    tl.store(out_ptr + 2 * N + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step, lr=1e-3, final_lr=0.1, beta1=0.9, beta2=0.999, gamma=1e-3, eps=1e-8, weight_decay=0.01):
        super().__init__()
        self.step, self.lr, self.final_lr = step, lr, final_lr
        self.beta1, self.beta2, self.gamma, self.eps, self.weight_decay = beta1, beta2, gamma, eps, weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        t = self.step
        step_size = self.lr * math.sqrt(1.0 - self.beta2 ** t) / (1.0 - self.beta1 ** t)
        lower = self.final_lr * (1.0 - 1.0 / (self.gamma * t + 1.0))
        upper = self.final_lr * (1.0 + 1.0 / (self.gamma * t))
        n = param.numel()
        out = torch.empty(3 * n, device=param.device, dtype=torch.float32)
        BLOCK = 1024
        adabound_kernel[(triton.cdiv(n, BLOCK),)](param.contiguous(), grad.contiguous(), exp_avg.contiguous(),
                                                  exp_avg_sq.contiguous(), out, n, self.beta1, self.beta2, self.eps,
                                                  self.weight_decay, step_size, lower, upper, BLOCK=BLOCK)
        return out
