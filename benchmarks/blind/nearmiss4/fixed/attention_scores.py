import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _attn_probs_kernel(q_ptr, k_ptr, out_ptr, S, D, scale,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    bh = tl.program_id(0)
    offs_m = tl.program_id(1) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, BLOCK_D)
    base = bh * S * D
    q = tl.load(q_ptr + base + offs_m[:, None] * D + offs_d[None, :],
                mask=(offs_m[:, None] < S) & (offs_d[None, :] < D), other=0.0)
    kt = tl.load(k_ptr + base + offs_n[None, :] * D + offs_d[:, None],
                 mask=(offs_n[None, :] < S) & (offs_d[:, None] < D), other=0.0)
    s = tl.dot(q, kt, input_precision="ieee") * scale
    s = tl.where(offs_n[None, :] < S, s, -float("inf"))
    m = tl.max(s, axis=1)
    p = tl.exp(s - m[:, None])
    p = p / tl.sum(p, axis=1)[:, None]
    tl.store(out_ptr + bh * S * S + offs_m[:, None] * S + offs_n[None, :], p,
             mask=(offs_m[:, None] < S) & (offs_n[None, :] < S))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k):
        q = q.contiguous()
        k = k.contiguous()
        b, h, s, d = q.shape
        out = torch.empty((b, h, s, s), device=q.device, dtype=q.dtype)
        scale = 1.0 / math.sqrt(d)
        BLOCK_M = 16
        grid = (b * h, triton.cdiv(s, BLOCK_M))
        _attn_probs_kernel[grid](q, k, out, s, d, scale, BLOCK_M=BLOCK_M,
                                 BLOCK_N=max(16, triton.next_power_of_2(s)),
                                 BLOCK_D=max(16, triton.next_power_of_2(d)))
        return out
