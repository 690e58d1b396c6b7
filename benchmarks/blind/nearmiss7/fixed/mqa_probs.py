import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mqa_probs_kernel(Q, K, P, H, S, D, sm_scale,
                     sqb, sqh, sqs, skb, sks, spb, sph, sps,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    bh = tl.program_id(0)
    mblk = tl.program_id(1)
    b = bh // H
    h = bh % H
    offs_m = mblk * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, BLOCK_D)
    q = tl.load(Q + b * sqb + h * sqh + offs_m[:, None] * sqs + offs_d[None, :],
                mask=(offs_m[:, None] < S) & (offs_d[None, :] < D), other=0.0)
    k = tl.load(K + b * skb + offs_n[:, None] * sks + offs_d[None, :],
                mask=(offs_n[:, None] < S) & (offs_d[None, :] < D), other=0.0)
    s = tl.dot(q, tl.trans(k), input_precision="ieee")
    s = s * sm_scale
    s = tl.where(offs_n[None, :] < S, s, float("-inf"))
    s = s - tl.max(s, axis=1)[:, None]
    e = tl.exp(s)
    p = e / tl.sum(e, axis=1)[:, None]
    tl.store(P + b * spb + h * sph + offs_m[:, None] * sps + offs_n[None, :], p,
             mask=(offs_m[:, None] < S) & (offs_n[None, :] < S))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k):
        q = q.contiguous()
        k = k.contiguous()
        B, H, S, D = q.shape
        p = torch.empty((B, H, S, S), device=q.device, dtype=q.dtype)
        BLOCK_M = 16
        BLOCK_N = max(16, triton.next_power_of_2(S))
        BLOCK_D = max(16, triton.next_power_of_2(D))
        grid = (B * H, triton.cdiv(S, BLOCK_M))
        mqa_probs_kernel[grid](q, k, p, H, S, D, 1.0 / math.sqrt(D),
                               q.stride(0), q.stride(1), q.stride(2),
                               k.stride(0), k.stride(1),
                               p.stride(0), p.stride(1), p.stride(2),
                               BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_D=BLOCK_D)
        return p
