"""Sigmoid focal loss, elementwise (gamma applied as a power of (1 - p_t))."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def focal_kernel(x_ptr, t_ptr, out_ptr, n_elements, alpha, gamma, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    p = 1.0 / (1.0 + tl.exp(-x))
    ce = tl.maximum(x, 0.0) - x * t + tl.log(1.0 + tl.exp(-tl.abs(x)))
    p_t = p * t + (1.0 - p) * (1.0 - t)
    one_minus = tl.maximum(1.0 - p_t, 1e-30)
    mod = tl.exp(gamma * tl.log(one_minus))
    alpha_t = alpha * (1.0 - t) + (1.0 - alpha) * t
    tl.store(out_ptr + offs, alpha_t * ce * mod, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, alpha: float, gamma: float):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        logits, targets = logits.contiguous(), targets.contiguous()
        out = torch.empty_like(logits)
        n = logits.numel()
        BLOCK = 1024
        focal_kernel[(triton.cdiv(n, BLOCK),)](logits, targets, out, n, self.alpha, self.gamma, BLOCK=BLOCK)
        return out
