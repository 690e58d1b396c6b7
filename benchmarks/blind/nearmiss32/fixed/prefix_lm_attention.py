"""Triton prefix-LM attention: flash-attention style online softmax (exp2 domain) with a prefix-or-causal mask."""

import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _prefix_attn_kernel(q_ptr, k_ptr, v_ptr, o_ptr, S, P, sm_scale,
                        BM: tl.constexpr, BN: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh * S * HEAD_DIM
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], mask=offs_m[:, None] < S, other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], dtype=tl.float32)
    acc = tl.zeros([BM, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_n in range(0, S, BN):
        offs_n = start_n + tl.arange(0, BN)
        kv_mask = offs_n[:, None] < S
        k = tl.load(k_ptr + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * qk_scale
        allowed = ((offs_n[None, :] <= offs_m[:, None]) | (offs_n[None, :] < P)) & (offs_n[None, :] < S)
        s = tl.where(allowed, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp2(m_i - m_new)
        p = tl.exp2(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p, v, input_precision="ieee")
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], out, mask=offs_m[:, None] < S)


class ModelNew(nn.Module):
    def __init__(self, prefix_len: int):
        super().__init__()
        self.prefix_len = prefix_len

    def forward(self, q, k, v):
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        B, H, S, D = q.shape
        o = torch.empty_like(q)
        BM, BN = 16, 16
        grid = (triton.cdiv(S, BM), B * H)
        _prefix_attn_kernel[grid](q, k, v, o, S, self.prefix_len, 1.0 / math.sqrt(D), BM=BM, BN=BN, HEAD_DIM=D)
        return o
