"""KTO loss in Triton: a one-program KL reduction, then a blocked loss kernel with atomic partial sums."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kl_mean_kernel(kp_ptr, kr_ptr, kl_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < n
        acc += tl.load(kp_ptr + offs, mask=m, other=0.0) - tl.load(kr_ptr + offs, mask=m, other=0.0)
    kl = tl.sum(acc, axis=0) / n
    tl.store(kl_ptr, kl)


@triton.jit
def kto_kernel(p_ptr, r_ptr, d_ptr, kl_ptr, out_ptr, n, beta, dw, uw, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.load(p_ptr + offs, mask=m, other=0.0)
    r = tl.load(r_ptr + offs, mask=m, other=0.0)
    d = tl.load(d_ptr + offs, mask=m, other=0)
    kl = tl.load(kl_ptr)
    lr = p - r
    pos = dw * (1.0 - tl.sigmoid(beta * (lr - kl)))
    neg = uw * (1.0 - tl.sigmoid(beta * (kl - lr)))
    loss = tl.where(d != 0, pos, neg)
    loss = tl.where(m, loss, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) / n)


class ModelNew(nn.Module):
    def __init__(self, beta=0.1, desirable_weight=1.0, undesirable_weight=1.33):
        super().__init__()
        self.beta = beta
        self.dw = desirable_weight
        self.uw = undesirable_weight

    def forward(self, policy_logps, ref_logps, desirable, kl_policy_logps, kl_ref_logps):
        n = policy_logps.numel()
        kl = torch.empty(1, device=policy_logps.device, dtype=torch.float32)
        out = torch.zeros((), device=policy_logps.device, dtype=torch.float32)
        kl_mean_kernel[(1,)](kl_policy_logps.contiguous(), kl_ref_logps.contiguous(), kl, kl_policy_logps.numel(),
                             BLOCK=256)
        BLOCK = 128
        kto_kernel[(triton.cdiv(n, BLOCK),)](policy_logps.contiguous(), ref_logps.contiguous(),
                                            desirable.contiguous().view(torch.uint8), kl, out, n,
                                            self.beta, self.dw, self.uw, BLOCK=BLOCK)
        return out
