"""Triton xPos rotary embedding of queries and keys; grid (batch * head, position block)."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def xpos_kernel(out_ptr, q_ptr, k_ptr, T, center, inv_sb, log_step, gamma, part_stride,
                BT: tl.constexpr, HALF: tl.constexpr):
    bh = tl.program_id(0)
    t = tl.program_id(1) * BT + tl.arange(0, BT)
    i = tl.arange(0, HALF)
    tm = t < T
    fi = i.to(tl.float32)
    tf = t.to(tl.float32)
    inv_freq = tl.exp(fi * log_step)
    ang = tf[:, None] * inv_freq[None, :]
    c = tl.cos(ang)
    s = tl.sin(ang)
    zeta = (2.0 * fi / (2 * HALF) + gamma) / (1.0 + gamma)
    lz = tl.log(zeta)
    power = tf * inv_sb
    sq = tl.exp(power[:, None] * lz[None, :])
    sk = tl.exp(-power[:, None] * lz[None, :])
    off = bh * T * (2 * HALF) + t[:, None] * (2 * HALF) + i[None, :]
    m2 = tm[:, None]
    q1 = tl.load(q_ptr + off, mask=m2, other=0.0)
    q2 = tl.load(q_ptr + off + HALF, mask=m2, other=0.0)
    k1 = tl.load(k_ptr + off, mask=m2, other=0.0)
    k2 = tl.load(k_ptr + off + HALF, mask=m2, other=0.0)
    tl.store(out_ptr + off, (q1 * c - q2 * s) * sq, mask=m2)
    tl.store(out_ptr + off + HALF, (q2 * c + q1 * s) * sq, mask=m2)
    tl.store(out_ptr + part_stride + off, (k1 * c - k2 * s) * sk, mask=m2)
    tl.store(out_ptr + part_stride + off + HALF, (k2 * c + k1 * s) * sk, mask=m2)


class ModelNew(nn.Module):
    def __init__(self, base: float = 10000.0, gamma: float = 0.4, scale_base: float = 512.0):
        super().__init__()
        self.base = base
        self.gamma = gamma
        self.scale_base = scale_base

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        k = k.contiguous()
        B, H, T, D = q.shape
        out = torch.empty((2,) + tuple(q.shape), device=q.device, dtype=q.dtype)
        BT = 16
        log_step = -2.0 * math.log(self.base) / D
        grid = (B * H, triton.cdiv(T, BT))
        xpos_kernel[grid](out, q, k, T, float(T // 2), 1.0 / self.scale_base, log_step, self.gamma,
                          q.numel(), BT=BT, HALF=D // 2)
        return out
