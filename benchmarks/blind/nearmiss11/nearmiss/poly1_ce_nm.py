"""Poly-1 cross-entropy in Triton: one program per row, the row losses added atomically."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def poly1_ce_kernel(x_ptr, t_ptr, out_ptr, C, stride, eps, inv_b, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < C
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    s = tl.sum(tl.exp(x - m), axis=0)
    tgt = tl.load(t_ptr + row)
    xt = tl.load(x_ptr + row * stride + tgt)
    ce = m + tl.log(s) - xt
    pt = tl.exp(xt - m)
    loss = ce + eps * (1.0 - pt)
    tl.atomic_add(out_ptr, loss * inv_b)


class ModelNew(nn.Module):
    def __init__(self, epsilon: float = 1.0):
        super().__init__()
        self.epsilon = epsilon

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        B, C = logits.shape
        out = torch.zeros(1, device=logits.device, dtype=torch.float32)
        BLOCK = triton.next_power_of_2(C)
        poly1_ce_kernel[(B,)](logits, target, out, C, logits.stride(0), self.epsilon, 1.0 / B, BLOCK=BLOCK)
        return out.view([])
