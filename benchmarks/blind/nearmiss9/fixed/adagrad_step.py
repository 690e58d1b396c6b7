"""One Adagrad step in Triton, flat 1-D grid."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def adagrad_kernel(p_ptr, g_ptr, s_ptr, out_ptr, n, lr, wd, eps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    s = tl.load(s_ptr + offs, mask=mask, other=0.0)
    g = g + wd * p
    s = s + g * g
    tl.store(out_ptr + offs, p - lr * g / (tl.sqrt(s) + eps), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr: float = 0.1, weight_decay: float = 0.1, eps: float = 1e-10):
        super().__init__()
        self.lr = lr
        self.weight_decay = weight_decay
        self.eps = eps

    def forward(self, param, grad, state_sum):
        param = param.contiguous()
        out = torch.empty_like(param)
        n = param.numel()
        BLOCK = 1024
        adagrad_kernel[(triton.cdiv(n, BLOCK),)](param, grad.contiguous(), state_sum.contiguous(), out, n,
                                                self.lr, self.weight_decay, self.eps, BLOCK=BLOCK)
        return out
