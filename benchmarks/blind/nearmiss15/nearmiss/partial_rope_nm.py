"""Triton partial rotary embedding: one program per (token, block of heads); the rotated channel pairs
and the pass-through channels are separate tiles; angles come from the position id and inv_freq."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def partial_rope_kernel(x_ptr, pos_ptr, inv_ptr, out_ptr, S, H, D, ROT,
                        sxb, sxs, sxh, sob, sos, soh,
                        BLOCK_H: tl.constexpr, BLOCK_HALF: tl.constexpr, BLOCK_P: tl.constexpr):
    tok = tl.program_id(0)
    b = tok // S
    s = tok % S
    heads = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    hm = heads < H
    half = ROT // 2
    j = tl.arange(0, BLOCK_HALF)
    jm = j < half
    pos = tl.load(pos_ptr + b * S + s).to(tl.float32)
    ang = pos * tl.load(inv_ptr + j, mask=jm, other=0.0)
    cos = tl.cos(ang)[None, :]
    sin = tl.sin(ang)[None, :]
    xb = x_ptr + b * sxb + s * sxs + heads[:, None] * sxh
    ob = out_ptr + b * sob + s * sos + heads[:, None] * soh
    m = hm[:, None] & jm[None, :]
    x1 = tl.load(xb + j[None, :], mask=m, other=0.0)
    x2 = tl.load(xb + half + j[None, :], mask=m, other=0.0)
    tl.store(ob + j[None, :], x1 * cos - x2 * sin, mask=m)
    tl.store(ob + half + j[None, :], x2 * cos + x1 * sin, mask=m)
    for p0 in range(ROT, D, BLOCK_P):
        c = p0 + tl.arange(0, BLOCK_P)
        pm = hm[:, None] & (c < D)[None, :]
        tl.store(ob + c[None, :], tl.load(xb + c[None, :], mask=pm, other=0.0), mask=pm)


class ModelNew(nn.Module):
    def __init__(self, rotary_dim, base=10000.0):
        super().__init__()
        self.rotary_dim = rotary_dim
        inv_freq = 1.0 / (base ** (torch.arange(0, rotary_dim, 2, dtype=torch.float32) / rotary_dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, x, position_ids):
        x = x.contiguous()
        position_ids = position_ids.contiguous()
        B, S, H, D = x.shape
        out = torch.empty_like(x)
        BLOCK_H = 4
        BLOCK_HALF = triton.next_power_of_2(max(self.rotary_dim // 2, 1))
        BLOCK_P = 64
        grid = (B * S, triton.cdiv(H, BLOCK_H))
        partial_rope_kernel[grid](x, position_ids, self.inv_freq, out, S, H, D, self.rotary_dim,
                                  x.stride(0), x.stride(2), x.stride(1),
                                  out.stride(0), out.stride(1), out.stride(2),
                                  BLOCK_H=BLOCK_H, BLOCK_HALF=BLOCK_HALF, BLOCK_P=BLOCK_P)
        return out
