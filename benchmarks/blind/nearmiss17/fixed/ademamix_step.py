"""Triton AdEMAMix step, elementwise over the flattened parameters; step-dependent scalars are computed on the host."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ademamix_kernel(p_ptr, g_ptr, m1_ptr, m2_ptr, nu_ptr, out_ptr, n, lr, beta1, beta2, beta3, alpha, eps, wd,
                    bc1, bc2, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.load(p_ptr + offs, mask=m, other=0.0)
    g = tl.load(g_ptr + offs, mask=m, other=0.0)
    m1 = beta1 * tl.load(m1_ptr + offs, mask=m, other=0.0) + (1.0 - beta1) * g
    m2 = beta3 * tl.load(m2_ptr + offs, mask=m, other=0.0) + (1.0 - beta3) * g
    nu = beta2 * tl.load(nu_ptr + offs, mask=m, other=0.0) + (1.0 - beta2) * g * g
    upd = (m1 / bc1 + alpha * m2) / (tl.sqrt(nu / bc2) + eps)
    tl.store(out_ptr + offs, p - lr * (upd + wd * p), mask=m)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float, beta1: float, beta2: float, beta3: float, alpha: float, eps: float, weight_decay: float):
        super().__init__()
        self.step = step
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.beta3 = beta3
        self.alpha = alpha
        self.eps = eps
        self.weight_decay = weight_decay

    def forward(self, param, grad, m1, m2, nu):
        n = param.numel()
        out = torch.empty_like(param)
        bc1 = 1.0 - self.beta1 ** self.step
        bc2 = 1.0 - self.beta2 ** self.step
        BLOCK = 1024
        ademamix_kernel[(triton.cdiv(n, BLOCK),)](param.contiguous(), grad.contiguous(), m1.contiguous(), m2.contiguous(),
                                                  nu.contiguous(), out, n, self.lr, self.beta1, self.beta2, self.beta3,
                                                  self.alpha, self.eps, self.weight_decay, bc1, bc2, BLOCK=BLOCK)
        return out
