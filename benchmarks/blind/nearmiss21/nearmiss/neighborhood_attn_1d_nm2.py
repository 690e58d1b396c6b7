"""Triton 1-D neighborhood attention: one program per (batch x head, query tile), online softmax over
the window offsets."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def na1d_kernel(q_ptr, k_ptr, v_ptr, o_ptr, L, D, scale, s_bh, s_l,
                KS: tl.constexpr, HALF: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr):
    bh = tl.program_id(0)
    pid_m = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    m_mask = offs_m < L
    d_mask = offs_d < D
    base = bh * s_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * s_l + offs_d[None, :],
                mask=m_mask[:, None] & d_mask[None, :], other=0.0)
    start = tl.minimum(tl.maximum(offs_m - HALF, 0), L - KS)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, BLOCK_D), dtype=tl.float32)
    for j in tl.static_range(KS):
        kidx = start + j
        kv_mask = (m_mask & (kidx < L))[:, None] & d_mask[None, :]
        k = tl.load(k_ptr + base + kidx[:, None] * s_l + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + base + kidx[:, None] * s_l + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.sum(q * k, axis=1) * scale
        m_new = tl.maximum(m_i, s)
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new)
        l_i = l_i * alpha + p
        acc = acc * alpha[:, None] + p[:, None] * v
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * s_l + offs_d[None, :], out,
             mask=m_mask[:, None] & d_mask[None, :])


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int):
        super().__init__()
        self.kernel_size = kernel_size

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        B, H, L, D = q.shape
        out = torch.empty_like(q)
        BLOCK_M = 16
        grid = (triton.cdiv(L, BLOCK_M), B * H)
        na1d_kernel[grid](q, k, v, out, L, D, D ** -0.5, q.stride(1), q.stride(2),
                          KS=self.kernel_size, HALF=self.kernel_size // 2,
                          BLOCK_M=BLOCK_M, BLOCK_D=triton.next_power_of_2(D))
        return out
