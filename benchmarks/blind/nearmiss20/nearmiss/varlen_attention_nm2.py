"""Triton causal attention over packed variable-length sequences: each program reads its sequence
bounds from cu_seqlens and runs an online softmax over the key tiles up to its last query."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def varlen_attn_kernel(q_ptr, k_ptr, v_ptr, o_ptr, cu_ptr, sm_scale,
                       stride_t, stride_h, D,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    seq = tl.program_id(0)
    head = tl.program_id(1)
    pid_m = tl.program_id(2)
    start = tl.load(cu_ptr + seq)
    seqlen = tl.load(cu_ptr + seq + 1) - start
    m0 = pid_m * BLOCK_M
    if m0 < seqlen:
        offs_m = m0 + tl.arange(0, BLOCK_M)
        offs_d = tl.arange(0, BLOCK_D)
        dmask = offs_d < D
        qmask = (offs_m < seqlen)[:, None] & dmask[None, :]
        q = tl.load(q_ptr + (start + offs_m)[:, None] * stride_t + head * stride_h + offs_d[None, :],
                    mask=qmask, other=0.0)
        m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
        l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
        acc = tl.zeros((BLOCK_M, BLOCK_D), dtype=tl.float32)
        hi = tl.minimum(m0 + BLOCK_M, seqlen)
        for n0 in range(0, hi, BLOCK_N):
            offs_n = n0 + tl.arange(0, BLOCK_N)
            kvmask = (offs_n < seqlen)[:, None] & dmask[None, :]
            k = tl.load(k_ptr + (start + offs_n)[:, None] * stride_t + head * stride_h + offs_d[None, :],
                        mask=kvmask, other=0.0)
            v = tl.load(v_ptr + (start + offs_n)[:, None] * stride_t + head * stride_h + offs_d[None, :],
                        mask=kvmask, other=0.0)
            s = tl.dot(q, tl.trans(k)) * sm_scale
            allowed = (offs_n[None, :] <= offs_m[:, None]) & (offs_n[None, :] < seqlen)
            s = tl.where(allowed, s, float("-inf"))
            m_new = tl.maximum(m_i, tl.max(s, axis=1))
            alpha = tl.exp(m_i - m_new)
            p = tl.exp(s - m_new[:, None])
            l_i = l_i * alpha + tl.sum(p, axis=1)
            acc = acc * alpha[:, None] + tl.dot(p, v)
            m_i = m_new
        out = acc / l_i[:, None]
        tl.store(o_ptr + (start + offs_m)[:, None] * stride_t + head * stride_h + offs_d[None, :], out, mask=qmask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, cu_seqlens):
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        T, H, D = q.shape
        out = torch.empty_like(q)
        num_seqs = cu_seqlens.numel() - 1
        bounds = cu_seqlens.tolist()
        max_len = max(b - a for a, b in zip(bounds[:-1], bounds[1:]))
        BLOCK_M, BLOCK_N = 16, 16
        BLOCK_D = max(16, triton.next_power_of_2(D))
        grid = (num_seqs, H)
        varlen_attn_kernel[grid](q, k, v, out, cu_seqlens, 1.0 / math.sqrt(D), q.stride(0), q.stride(1), D,
                                 BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_D=BLOCK_D)
        return out
