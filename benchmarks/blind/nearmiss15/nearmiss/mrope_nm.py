"""Triton multimodal rotary embedding: one program per (token, head); each frequency pair picks its
position id (temporal / height / width) from the section it falls in."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mrope_kernel(x_ptr, pos_ptr, inv_ptr, out_ptr, S, H, HALF, SEC_T, SEC_H,
                 BLOCK_HALF: tl.constexpr):
    s = tl.program_id(0)
    h = tl.program_id(1)
    j = tl.arange(0, BLOCK_HALF)
    jm = j < HALF
    pt = tl.load(pos_ptr + s).to(tl.float32)
    ph = tl.load(pos_ptr + S + s).to(tl.float32)
    pw = tl.load(pos_ptr + 2 * S + s).to(tl.float32)
    p = tl.where(j < SEC_T, pt, tl.where(j < SEC_T + SEC_H, ph, pw))
    ang = p * tl.load(inv_ptr + j, mask=jm, other=0.0)
    cos = tl.cos(ang)
    sin = tl.sin(ang)
    base = (s * H + h) * (2 * HALF)
    x1 = tl.load(x_ptr + base + j, mask=jm, other=0.0)
    x2 = tl.load(x_ptr + base + HALF + j, mask=jm, other=0.0)
    tl.store(out_ptr + base + j, x1 * cos - x2 * sin, mask=jm)
    tl.store(out_ptr + base + HALF + j, x2 * cos + x1 * sin, mask=jm)


class ModelNew(nn.Module):
    def __init__(self, section_t, section_h, section_w, base=1000000.0):
        super().__init__()
        self.sections = [section_t, section_h, section_w]
        half = section_t + section_h + section_w
        head_dim = 2 * half
        inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, x, positions):
        x = x.contiguous()
        positions = positions.contiguous()
        S, H, D = x.shape
        half = D // 2
        out = torch.empty_like(x)
        BLOCK_HALF = triton.next_power_of_2(half)
        mrope_kernel[(S,)](x, positions, self.inv_freq, out, S, H, half, self.sections[0], self.sections[1],
                             BLOCK_HALF=BLOCK_HALF)
        return out
