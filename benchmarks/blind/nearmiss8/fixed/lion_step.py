"""Triton Lion step, elementwise; the parameters go to row 0 of the output, the momentum to row 1."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lion_kernel(p_ptr, g_ptr, m_ptr, out_ptr, n, lr, beta1, one_minus_beta1, beta2, one_minus_beta2, decay,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    c = m * beta1 + g * one_minus_beta1
    sign = (c > 0).to(tl.float32) - (c < 0).to(tl.float32)
    new_p = p * decay - lr * sign
    new_m = m * beta2 + g * one_minus_beta2
    tl.store(out_ptr + offs, new_p, mask=mask)
    tl.store(out_ptr + n + offs, new_m, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr: float = 3e-3, beta1: float = 0.9, beta2: float = 0.99, weight_decay: float = 0.1):
        super().__init__()
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.weight_decay = weight_decay

    def forward(self, param: torch.Tensor, grad: torch.Tensor, exp_avg: torch.Tensor) -> torch.Tensor:
        n = param.numel()
        out = torch.empty(2, n, dtype=param.dtype, device=param.device)
        BLOCK = 4096
        lion_kernel[(triton.cdiv(n, BLOCK),)](param, grad, exp_avg, out, n, self.lr, self.beta1, 1.0 - self.beta1,
                                              self.beta2, 1.0 - self.beta2, 1.0 - self.lr * self.weight_decay,
                                              BLOCK=BLOCK)
        return out
