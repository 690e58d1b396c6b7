"""Triton V-trace: each program owns a block of trajectories and walks time backwards in a runtime loop."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def vtrace_kernel(lr_ptr, disc_ptr, rew_ptr, val_ptr, boot_ptr, out_ptr, B, T, rho_bar, c_bar,
                  BLOCK_B: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    rm = rows < B
    nxt_v = tl.load(boot_ptr + rows, mask=rm, other=0.0)
    acc = tl.zeros([BLOCK_B], dtype=tl.float32)
    for i in range(T):
        t = T - 1 - i
        off = rows * T + t
        lr = tl.load(lr_ptr + off, mask=rm, other=0.0)
        d = tl.load(disc_ptr + off, mask=rm, other=0.0)
        r = tl.load(rew_ptr + off, mask=rm, other=0.0)
        v = tl.load(val_ptr + off, mask=rm, other=0.0)
        rho = tl.exp(lr)
        crho = tl.minimum(rho, rho_bar)
        cs = tl.minimum(rho, c_bar)
        delta = crho * (r + d * v - v)
        acc = delta + d * cs * acc
        tl.store(out_ptr + off, acc + v, mask=rm)
        nxt_v = v


class ModelNew(nn.Module):
    def __init__(self, clip_rho: float, clip_c: float):
        super().__init__()
        self.clip_rho = clip_rho
        self.clip_c = clip_c

    def forward(self, log_rhos, discounts, rewards, values, bootstrap):
        log_rhos, discounts = log_rhos.contiguous(), discounts.contiguous()
        rewards, values, bootstrap = rewards.contiguous(), values.contiguous(), bootstrap.contiguous()
        B, T = values.shape
        out = torch.empty_like(values)
        BLOCK_B = 8
        vtrace_kernel[(triton.cdiv(B, BLOCK_B),)](log_rhos, discounts, rewards, values, bootstrap, out, B, T,
                                                 self.clip_rho, self.clip_c, BLOCK_B=BLOCK_B)
        return out
