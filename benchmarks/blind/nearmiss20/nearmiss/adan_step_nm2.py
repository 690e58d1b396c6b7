"""Triton Adan step: one elementwise kernel updates the three moments and the parameter; the bias
corrections and the proximal weight-decay factor are host-side scalars."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def adan_kernel(p_ptr, g_ptr, pg_ptr, m_ptr, d_ptr, n_ptr, out_ptr, numel,
                lr, b1, b2, b3, inv_bc1, inv_bc2, inv_bc3_sqrt, eps, inv_prox,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    pg = tl.load(pg_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    d = tl.load(d_ptr + offs, mask=mask, other=0.0)
    n = tl.load(n_ptr + offs, mask=mask, other=0.0)
    diff = g - pg
    m = m * b1 + g * (1.0 - b1)
    d = d * b2 + diff * (1.0 - b2)
    upd = g + diff
    n = n * b3 + upd * upd * (1.0 - b3)
    denom = tl.sqrt(n) * inv_bc3_sqrt + eps
    update = (m * inv_bc1 + b2 * d * inv_bc2) / denom
    p = (p - lr * update) * inv_prox
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + numel + offs, m, mask=mask)
    tl.store(out_ptr + 2 * numel + offs, d, mask=mask)
    tl.store(out_ptr + 3 * numel + offs, n, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int = 1, lr: float = 0.05, betas=(0.98, 0.92, 0.99), eps: float = 1e-8,
                 weight_decay: float = 0.02):
        super().__init__()
        self.step, self.lr, self.betas, self.eps, self.wd = step, lr, betas, eps, weight_decay

    def forward(self, param, grad, pre_grad, exp_avg, exp_avg_diff, exp_avg_sq):
        b1, b2, b3 = self.betas
        numel = param.numel()
        out = torch.empty(4, *param.shape, dtype=param.dtype, device=param.device)
        inv_bc1 = 1.0 / (1.0 - b1 ** self.step)
        inv_bc2 = 1.0 / (1.0 - b2 ** self.step)
        inv_bc3_sqrt = 1.0 / math.sqrt(1.0 - b3 ** self.step)
        inv_prox = 1.0 / (1.0 + self.lr * self.wd)
        BLOCK = 1024
        adan_kernel[(triton.cdiv(numel, BLOCK),)](param, grad, pre_grad, exp_avg, exp_avg_diff, exp_avg_sq, out,
                                                  numel, self.lr, b1, b2, b3, inv_bc1, inv_bc2, inv_bc3_sqrt,
                                                  self.eps, inv_prox, BLOCK=BLOCK)
        return out
