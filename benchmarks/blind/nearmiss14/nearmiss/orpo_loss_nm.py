"""Triton ORPO loss: blocks of the batch, a stable log-sigmoid helper, atomic partial sums into a scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _log_sigmoid(x):
    return -tl.log(1.0 + tl.exp(-x))


@triton.jit
def orpo_kernel(c_ptr, r_ptr, out_ptr, B, neg_beta_over_b, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < B
    c = tl.load(c_ptr + offs, mask=m, other=-1.0)
    r = tl.load(r_ptr + offs, mask=m, other=-1.0)
    log_odds = (c - r) - (tl.log(1.0 - tl.exp(c)) - tl.log(1.0 - tl.exp(r)))
    ls = tl.where(m, _log_sigmoid(log_odds), 0.0)
    tl.atomic_add(out_ptr, tl.sum(ls, axis=0) * neg_beta_over_b)


class ModelNew(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, chosen_logps, rejected_logps):
        B = chosen_logps.shape[0]
        out = torch.zeros((), device=chosen_logps.device, dtype=torch.float32)
        BLOCK = 32
        orpo_kernel[(triton.cdiv(B, BLOCK),)](chosen_logps.contiguous(), rejected_logps.contiguous(), out, B,
                                             -self.beta / B, BLOCK=BLOCK)
        return out
