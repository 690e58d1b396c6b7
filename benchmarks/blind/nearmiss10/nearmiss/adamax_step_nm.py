"""Triton Adamax step writing the three updated tensors into one stacked output."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def adamax_kernel(p_ptr, g_ptr, m_ptr, u_ptr, out_ptr, n_elements, beta1, beta2, eps, clr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    u = tl.load(u_ptr + offs, mask=mask, other=1.0)
    m = beta1 * m + (1.0 - beta1) * g
    u = tl.maximum(beta2 * u, g + eps)
    p = p - clr * m / u
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + n_elements + offs, m, mask=mask)
    tl.store(out_ptr + 2 * n_elements + offs, u, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr: float = 0.01, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8, step: int = 3):
        super().__init__()
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.step = step

    def forward(self, param, grad, exp_avg, exp_inf):
        param = param.contiguous()
        out = torch.empty((3,) + tuple(param.shape), dtype=param.dtype, device=param.device)
        n = param.numel()
        clr = self.lr / (1.0 - self.beta1 ** self.step)
        BLOCK = 1024
        adamax_kernel[(triton.cdiv(n, BLOCK),)](
            param, grad.contiguous(), exp_avg.contiguous(), exp_inf.contiguous(), out, n,
            self.beta1, self.beta2, self.eps, clr, BLOCK=BLOCK,
        )
        return out
