"""Triton Adadelta step writing the three updated tensors into one stacked output."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def adadelta_kernel(p_ptr, g_ptr, sq_ptr, acc_ptr, out_ptr, n_elements, lr, rho, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    sq = tl.load(sq_ptr + offs, mask=mask, other=1.0)
    acc = tl.load(acc_ptr + offs, mask=mask, other=0.0)
    delta = tl.sqrt(acc + eps) / tl.sqrt(sq + eps) * g
    sq = rho * sq + (1.0 - rho) * g * g
    acc = rho * acc + (1.0 - rho) * delta * delta
    p = p - lr * delta
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + n_elements + offs, sq, mask=mask)
    tl.store(out_ptr + 2 * n_elements + offs, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr: float = 1.0, rho: float = 0.9, eps: float = 1e-6):
        super().__init__()
        self.lr = lr
        self.rho = rho
        self.eps = eps

    def forward(self, param, grad, square_avg, acc_delta):
        param = param.contiguous()
        out = torch.empty((3,) + tuple(param.shape), dtype=param.dtype, device=param.device)
        n = param.numel()
        BLOCK = 1024
        adadelta_kernel[(triton.cdiv(n, BLOCK),)](
            param, grad.contiguous(), square_avg.contiguous(), acc_delta.contiguous(), out, n,
            self.lr, self.rho, self.eps, BLOCK=BLOCK,
        )
        return out
