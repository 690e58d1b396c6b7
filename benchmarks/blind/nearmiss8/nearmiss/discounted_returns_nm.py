"""Triton discounted returns: each program owns a block of sequences and walks time backwards."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def returns_kernel(r_ptr, d_ptr, out_ptr, n_rows, n_steps, stride_r, stride_d, stride_o, gamma,
                   BLOCK_R: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < n_rows
    g = tl.zeros([BLOCK_R], dtype=tl.float32)
    t = n_steps - 1
    while t >= 0:
        r = tl.load(r_ptr + rows * stride_r + t, mask=rmask, other=0.0)
        done = tl.load(d_ptr + rows * stride_d + t, mask=rmask, other=0.0)
        g = r + gamma * g
        tl.store(out_ptr + rows * stride_o + t, g, mask=rmask)
        t -= 1


class ModelNew(nn.Module):
    def __init__(self, gamma: float):
        super().__init__()
        self.gamma = gamma

    def forward(self, rewards: torch.Tensor, dones: torch.Tensor) -> torch.Tensor:
        rewards = rewards.contiguous()
        dones = dones.contiguous()
        n_rows, n_steps = rewards.shape
        out = torch.empty_like(rewards)
        BLOCK_R = 64
        returns_kernel[(triton.cdiv(n_rows, BLOCK_R),)](rewards, dones, out, n_rows, n_steps, rewards.stride(0),
                                                       dones.stride(0), out.stride(0), self.gamma, BLOCK_R=BLOCK_R)
        return out
