"""Triton GRPO token loss: one program per sequence computes its tokens' log-probabilities over the
vocabulary, the clipped and KL terms and the masked mean, and adds it / batch to the scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def grpo_kernel(logit_ptr, id_ptr, old_ptr, ref_ptr, adv_ptr, mask_ptr, out_ptr, T, V,
                inv_temp, beta, lo, hi, inv_b, BLOCK_T: tl.constexpr, BLOCK_V: tl.constexpr):
    b = tl.program_id(0)
    t = tl.arange(0, BLOCK_T)
    v = tl.arange(0, BLOCK_V)
    t_mask = t < T
    v_mask = v < V
    x = tl.load(logit_ptr + (b * T + t[:, None]) * V + v[None, :],
                mask=t_mask[:, None] & v_mask[None, :], other=float("-inf")) * inv_temp
    row_max = tl.max(x, axis=1)
    row_max = tl.where(t_mask, row_max, 0.0)
    lse = row_max + tl.log(tl.sum(tl.exp(x - row_max[:, None]), axis=1))
    tok = tl.load(id_ptr + b * T + t, mask=t_mask, other=0)
    chosen = tl.sum(tl.where(v[None, :] == tok[:, None], x, 0.0), axis=1)
    logp = chosen - lse
    old = tl.load(old_ptr + b * T + t, mask=t_mask, other=0.0)
    ref = tl.load(ref_ptr + b * T + t, mask=t_mask, other=0.0)
    msk = tl.load(mask_ptr + b * T + t, mask=t_mask, other=0.0)
    adv = tl.load(adv_ptr + b)
    ratio = tl.exp(logp - old)
    clipped = tl.minimum(tl.maximum(ratio, lo), hi)
    pg = -tl.minimum(ratio * adv, clipped * adv)
    d = ref - logp
    kl = tl.exp(d) - d - 1.0
    loss = tl.where(t_mask, pg + beta * kl, 0.0)
    denom = tl.maximum(tl.sum(msk, axis=0), 1.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) / denom * inv_b)


class ModelNew(nn.Module):
    def __init__(self, beta: float, eps_low: float, eps_high: float, temperature: float):
        super().__init__()
        self.beta = beta
        self.eps_low = eps_low
        self.eps_high = eps_high
        self.temperature = temperature

    def forward(self, logits, ids, old_logp, ref_logp, advantages, mask):
        logits = logits.contiguous()
        B, T, V = logits.shape
        out = torch.zeros((), device=logits.device, dtype=torch.float32)
        grpo_kernel[(B,)](logits, ids.contiguous(), old_logp.contiguous(), ref_logp.contiguous(),
                          advantages.contiguous(), mask.contiguous(), out, T, V,
                          1.0 / self.temperature, self.beta, 1.0 - self.eps_low, 1.0 + self.eps_high, 1.0 / B,
                          BLOCK_T=triton.next_power_of_2(T), BLOCK_V=triton.next_power_of_2(V))
        return out
