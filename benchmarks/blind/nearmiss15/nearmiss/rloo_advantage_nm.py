"""Triton RLOO advantages: one program per block of prompts, two passes over the samples (row sums, then
the advantages)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rloo_kernel(r_ptr, out_ptr, P, K, BLOCK_P: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_P + tl.arange(0, BLOCK_P)
    rm = rows < P
    s = tl.zeros([BLOCK_P], dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        m = rm[:, None] & (cols < K)[None, :]
        s += tl.sum(tl.load(r_ptr + rows[:, None] * K + cols[None, :], mask=m, other=0.0), axis=1)
    for k0 in range(0, K, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        m = rm[:, None] & (cols < K)[None, :]
        r = tl.load(r_ptr + rows[:, None] * K + cols[None, :], mask=m, other=0.0)
        base = s[:, None] / K
        tl.store(out_ptr + rows[:, None] * K + cols[None, :], r - base, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, rewards):
        rewards = rewards.contiguous()
        P, K = rewards.shape
        out = torch.empty_like(rewards)
        BLOCK_K = min(triton.next_power_of_2(K), 64)
        BLOCK_P = 16
        rloo_kernel[(triton.cdiv(P, BLOCK_P),)](rewards, out, P, K, BLOCK_P=BLOCK_P, BLOCK_K=BLOCK_K)
        return out
