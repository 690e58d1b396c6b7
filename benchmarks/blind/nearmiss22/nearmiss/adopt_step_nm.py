"""ADOPT optimizer step as one elementwise Triton kernel writing the packed (3, N) result."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def adopt_kernel(p_ptr, g_ptr, m_ptr, v_ptr, out_ptr, N, lr, beta1, beta2, eps, wd, clip,
                 FIRST: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)
    if FIRST:
        v = v + g * g
    else:
        g = g + wd * p
        denom = tl.maximum(tl.sqrt(v * beta2 + (1.0 - beta2) * g * g), eps)
        ng = tl.minimum(tl.maximum(g / denom, -clip), clip)
        m = m + (1.0 - beta1) * (ng - m)
        p = p - lr * m
        v = v * beta2 + (1.0 - beta2) * g * g
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + N + offs, m, mask=mask)
    tl.store(out_ptr + 2 * N + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.9, eps: float = 1e-6,
                 weight_decay: float = 0.01):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps, self.weight_decay = step, lr, beta1, beta2, eps, weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        N = param.numel()
        out = torch.empty(3, N, device=param.device, dtype=param.dtype)
        clip = self.step ** 0.25
        BLOCK = 1024
        adopt_kernel[(triton.cdiv(N, BLOCK),)](param.contiguous(), grad.contiguous(), exp_avg.contiguous(),
                                               exp_avg_sq.contiguous(), out, N, self.lr, self.beta1, self.beta2,
                                               self.eps, self.weight_decay, clip, FIRST=self.step == 1, BLOCK=BLOCK)
        return out
