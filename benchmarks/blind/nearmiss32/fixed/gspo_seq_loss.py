"""Triton GSPO loss: a single program holds the (batch x tokens) tile, computes the sequence ratios, the clipped objective and the batch mean."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gspo_kernel(lp_ptr, old_ptr, adv_ptr, len_ptr, out_ptr, B, T, eps_low, eps_high,
                 BB: tl.constexpr, BT: tl.constexpr):
    rb = tl.arange(0, BB)
    rt = tl.arange(0, BT)
    bmask = rb < B
    ln = tl.load(len_ptr + rb, mask=bmask, other=1)
    mask = bmask[:, None] & (rt[None, :] < ln[:, None]) & (rt[None, :] < T)
    lp = tl.load(lp_ptr + rb[:, None] * T + rt[None, :], mask=mask, other=0.0)
    old = tl.load(old_ptr + rb[:, None] * T + rt[None, :], mask=mask, other=0.0)
    log_ratio = tl.sum(lp - old, axis=1) / ln.to(tl.float32)
    ratio = tl.exp(log_ratio)
    adv = tl.load(adv_ptr + rb, mask=bmask, other=0.0)
    unclipped = ratio * adv
    clipped = tl.minimum(tl.maximum(ratio, 1.0 - eps_low), 1.0 + eps_high) * adv
    per = -tl.minimum(unclipped, clipped)
    per = tl.where(bmask, per, 0.0)
    tl.store(out_ptr, tl.sum(per, axis=0) / B)


class ModelNew(nn.Module):
    def __init__(self, eps_low: float = 3e-3, eps_high: float = 4e-3):
        super().__init__()
        self.eps_low = eps_low
        self.eps_high = eps_high

    def forward(self, logp, old_logp, advantages, lengths):
        logp = logp.contiguous()
        old_logp = old_logp.contiguous()
        B, T = logp.shape
        out = torch.empty((), device=logp.device, dtype=torch.float32)
        _gspo_kernel[(1,)](logp, old_logp, advantages.contiguous(), lengths.contiguous(), out, B, T,
                           self.eps_low, self.eps_high,
                           BB=triton.next_power_of_2(B), BT=triton.next_power_of_2(T))
        return out
