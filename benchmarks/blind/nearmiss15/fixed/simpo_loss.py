"""Triton SimPO loss: one program per block of pairs sums the valid log-probabilities of both responses
over the sequence in chunks and adds its share of the batch mean into the scalar result."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def simpo_kernel(c_ptr, r_ptr, lc_ptr, lr_ptr, out_ptr, B, L, beta, gamma,
                 BLOCK_B: tl.constexpr, BLOCK_L: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    rm = rows < B
    lc = tl.load(lc_ptr + rows, mask=rm, other=1)
    lr = tl.load(lr_ptr + rows, mask=rm, other=1)
    sc = tl.zeros([BLOCK_B], dtype=tl.float32)
    sr = tl.zeros([BLOCK_B], dtype=tl.float32)
    for l0 in range(0, L, BLOCK_L):
        t = l0 + tl.arange(0, BLOCK_L)
        base = rows[:, None] * L + t[None, :]
        mc = rm[:, None] & (t[None, :] < lc[:, None]) & (t[None, :] < L)
        mr = rm[:, None] & (t[None, :] < lr[:, None]) & (t[None, :] < L)
        sc += tl.sum(tl.load(c_ptr + base, mask=mc, other=0.0), axis=1)
        sr += tl.sum(tl.load(r_ptr + base, mask=mr, other=0.0), axis=1)
    avg_c = sc / lc.to(tl.float32)
    avg_r = sr / lr.to(tl.float32)
    z = beta * (avg_c - avg_r) - gamma
    loss = -(tl.minimum(z, 0.0) - tl.log(1.0 + tl.exp(-tl.abs(z))))
    tl.atomic_add(out_ptr, tl.sum(tl.where(rm, loss, 0.0), axis=0) / B)


class ModelNew(nn.Module):
    def __init__(self, beta=2.0, gamma=0.5):
        super().__init__()
        self.beta = beta
        self.gamma = gamma

    def forward(self, chosen_logps, rejected_logps, chosen_len, rejected_len):
        chosen_logps = chosen_logps.contiguous()
        rejected_logps = rejected_logps.contiguous()
        B, L = chosen_logps.shape
        out = torch.zeros((), device=chosen_logps.device, dtype=chosen_logps.dtype)
        BLOCK_B = 8
        BLOCK_L = 64
        simpo_kernel[(triton.cdiv(B, BLOCK_B),)](chosen_logps, rejected_logps, chosen_len.contiguous(),
                                                 rejected_len.contiguous(), out, B, L,
                                                 float(self.beta), float(self.gamma),
                                                 BLOCK_B=BLOCK_B, BLOCK_L=BLOCK_L)
        return out
