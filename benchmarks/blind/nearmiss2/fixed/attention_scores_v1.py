"""Triton attention probabilities (no mask): one program per (batch*head, query row); the
softmax scale is computed on the host."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def attn_probs_kernel(q_ptr, k_ptr, p_ptr, S, D, scale, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    pid = tl.program_id(0)
    bh = pid // S
    i = pid % S
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, BLOCK_D)
    q = tl.load(q_ptr + bh * S * D + i * D + offs_d, mask=offs_d < D, other=0.0)
    k = tl.load(k_ptr + bh * S * D + offs_n[:, None] * D + offs_d[None, :],
                mask=(offs_n[:, None] < S) & (offs_d[None, :] < D), other=0.0)
    s = tl.sum(q[None, :] * k, axis=1) * scale
    s = tl.where(offs_n < S, s, float("-inf"))
    e = tl.exp(s - tl.max(s, axis=0))
    tl.store(p_ptr + bh * S * S + i * S + offs_n, e / tl.sum(e, axis=0), mask=offs_n < S)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        q, k = q.contiguous(), k.contiguous()
        B, H, S, D = q.shape
        scale = 1.0 / math.sqrt(D)
        p = torch.empty((B, H, S, S), dtype=q.dtype, device=q.device)
        attn_probs_kernel[(B * H * S,)](q, k, p, S, D, scale,
                                        BLOCK_N=triton.next_power_of_2(S), BLOCK_D=triton.next_power_of_2(D))
        return p
