"""Triton Retrace targets: one program per tile of batch lanes, a backward loop over time."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def retrace_kernel(q_ptr, v_ptr, r_ptr, done_ptr, rho_ptr, out_ptr, B, T, gamma, lam, BLOCK_B: tl.constexpr):
    pid = tl.program_id(0)
    lanes = pid * BLOCK_B + tl.arange(0, BLOCK_B)
    lm = lanes < B
    g = tl.load(q_ptr + lanes * (T + 1) + T, mask=lm, other=0.0)
    for i in range(0, T):
        t = T - 1 - i
        r = tl.load(r_ptr + lanes * T + t, mask=lm, other=0.0)
        done = tl.load(done_ptr + lanes * T + t, mask=lm, other=0).to(tl.float32)
        v_next = tl.load(v_ptr + lanes * (T + 1) + t + 1, mask=lm, other=0.0)
        q_next = tl.load(q_ptr + lanes * (T + 1) + t + 1, mask=lm, other=0.0)
        rho = tl.load(rho_ptr + lanes * (T + 1) + t + 1, mask=lm, other=0.0)
        c = lam * tl.minimum(tl.exp(rho), 1.0)
        g = r + gamma * (1.0 - done) * (v_next + c * (g - q_next))
        tl.store(out_ptr + lanes * T + t, g, mask=lm)


class ModelNew(nn.Module):
    def __init__(self, gamma: float, lam: float):
        super().__init__()
        self.gamma = gamma
        self.lam = lam

    def forward(self, q_taken, v, rewards, dones, log_rhos):
        B, T = rewards.shape
        out = torch.empty(B, T, device=rewards.device, dtype=rewards.dtype)
        BLOCK_B = 16
        retrace_kernel[(triton.cdiv(B, BLOCK_B),)](
            q_taken.contiguous(), v.contiguous(), rewards.contiguous(), dones.contiguous(),
            log_rhos.contiguous(), out, B, T, self.gamma, self.lam, BLOCK_B=BLOCK_B)
        return out
