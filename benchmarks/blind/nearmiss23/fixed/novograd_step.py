"""Triton NovoGrad step: one program per layer, a blocked pass for the squared gradient norm, then a blocked
update pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def novograd_kernel(p_ptr, g_ptr, m_ptr, v_ptr, out_ptr, L, N, lr, beta1, beta2, eps, wd, BLOCK: tl.constexpr):
    layer = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        idx = start + offs
        g = tl.load(g_ptr + layer * N + idx, mask=idx < N, other=0.0)
        acc += g * g
    g2 = tl.sum(acc, axis=0)
    v = beta2 * tl.load(v_ptr + layer) + (1.0 - beta2) * g2
    denom = tl.sqrt(v) + eps
    for start in range(0, N, BLOCK):
        idx = start + offs
        mask = idx < N
        p = tl.load(p_ptr + layer * N + idx, mask=mask, other=0.0)
        g = tl.load(g_ptr + layer * N + idx, mask=mask, other=0.0)
        m = tl.load(m_ptr + layer * N + idx, mask=mask, other=0.0)
        upd = g / denom + wd * p
        m = beta1 * m + (1.0 - beta1) * upd
        tl.store(out_ptr + layer * N + idx, p - lr * m, mask=mask)
        tl.store(out_ptr + L * N + layer * N + idx, m, mask=mask)
    tl.store(out_ptr + 2 * L * N + layer, v)


class ModelNew(nn.Module):
    def __init__(self, lr=0.01, beta1=0.9, beta2=0.98, eps=1e-8, weight_decay=0.1):
        super().__init__()
        self.lr, self.beta1, self.beta2, self.eps, self.weight_decay = lr, beta1, beta2, eps, weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        param, grad, exp_avg, exp_avg_sq = (t.contiguous() for t in (param, grad, exp_avg, exp_avg_sq))
        layers, n = param.shape
        out = torch.empty(2 * layers * n + layers, device=param.device, dtype=torch.float32)
        novograd_kernel[(layers,)](param, grad, exp_avg, exp_avg_sq, out, layers, n, self.lr, self.beta1, self.beta2,
                                   self.eps, self.weight_decay, BLOCK=256)
        return out
