"""Triton RetNet parallel retention: one program per (batch x head, query tile), causal key tiles."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def retention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, H, L, D, scale,
                     s_b, s_h, s_l, o_b, o_h, o_l,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_bh = tl.program_id(0)
    pid_m = tl.program_id(1)
    b = pid_bh // H
    h = pid_bh // H
    log2_gamma = tl.log2(1.0 - tl.exp2(-5.0 - h.to(tl.float32)))
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    m_mask = offs_m < L
    d_mask = offs_d < D
    base = b * s_b + h * s_h
    q = tl.load(q_ptr + base + offs_m[:, None] * s_l + offs_d[None, :],
                mask=m_mask[:, None] & d_mask[None, :], other=0.0)
    acc = tl.zeros((BLOCK_M, BLOCK_D), dtype=tl.float32)
    abs_sum = tl.zeros((BLOCK_M,), dtype=tl.float32)
    hi = tl.minimum((pid_m + 1) * BLOCK_M, L)
    for start in range(0, hi, BLOCK_N):
        offs_n = start + tl.arange(0, BLOCK_N)
        n_mask = offs_n < L
        kv_mask = n_mask[:, None] & d_mask[None, :]
        k = tl.load(k_ptr + base + offs_n[:, None] * s_l + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * s_l + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k)) * scale
        diff = (offs_m[:, None] - offs_n[None, :]).to(tl.float32)
        keep = (diff >= 0) & n_mask[None, :]
        s = tl.where(keep, s * tl.exp2(tl.maximum(diff, 0.0) * log2_gamma), 0.0)
        abs_sum += tl.sum(tl.abs(s), axis=1)
        acc += tl.dot(s, v)
    out = acc / tl.maximum(abs_sum, 1.0)[:, None]
    tl.store(o_ptr + b * o_b + h * o_h + offs_m[:, None] * o_l + offs_d[None, :], out,
             mask=m_mask[:, None] & d_mask[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        B, H, L, D = q.shape
        out = torch.empty_like(q)
        BLOCK_M = 16
        grid = (B * H, triton.cdiv(L, BLOCK_M))
        retention_kernel[grid](q, k, v, out, H, L, D, D ** -0.5,
                               q.stride(0), q.stride(1), q.stride(2),
                               out.stride(0), out.stride(1), out.stride(2),
                               BLOCK_M=BLOCK_M, BLOCK_N=16, BLOCK_D=triton.next_power_of_2(D))
        return out
