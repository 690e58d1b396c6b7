"""Triton PPO clipped surrogate loss: masked partial sums by atomics, then a one-program division."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _ppo_partial_kernel(lp_ptr, old_ptr, adv_ptr, m_ptr, acc_ptr, n, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    lp = tl.load(lp_ptr + offs, mask=mask, other=0.0)
    old = tl.load(old_ptr + offs, mask=mask, other=0.0)
    adv = tl.load(adv_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    ratio = tl.exp(lp - old)
    clipped = tl.maximum(ratio, lo)
    loss = -tl.minimum(ratio * adv, clipped * adv)
    tl.atomic_add(acc_ptr, tl.sum(loss * m, axis=0))
    tl.atomic_add(acc_ptr + 1, tl.sum(m, axis=0))


@triton.jit
def _ppo_final_kernel(acc_ptr, out_ptr):
    tl.store(out_ptr, tl.load(acc_ptr) / tl.load(acc_ptr + 1))


class ModelNew(nn.Module):
    def __init__(self, clip_eps=0.2):
        super().__init__()
        self.clip_eps = clip_eps

    def forward(self, logp, old_logp, advantages, mask):
        lp = logp.contiguous()
        old = old_logp.contiguous()
        adv = advantages.contiguous()
        m = mask.contiguous()
        n = lp.numel()
        acc = torch.zeros(2, dtype=torch.float32, device=lp.device)
        out = torch.empty((), dtype=torch.float32, device=lp.device)
        BLOCK = 1024
        _ppo_partial_kernel[(triton.cdiv(n, BLOCK),)](lp, old, adv, m, acc, n,
                                                      1.0 - self.clip_eps, 1.0 + self.clip_eps, BLOCK=BLOCK)
        _ppo_final_kernel[(1,)](acc, out)
        return out
