"""Triton peaking-EQ biquad design over filter lanes, writing interleaved normalised coefficient rows."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

SAMPLE_RATE = 48000


@triton.jit
def rbj_kernel(out_ptr, f_ptr, g_ptr, q_ptr, n, w_scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    f0 = tl.load(f_ptr + offs, mask=mask, other=1000.0)
    gdb = tl.load(g_ptr + offs, mask=mask, other=0.0)
    q = tl.load(q_ptr + offs, mask=mask, other=1.0)
    A = tl.exp(gdb * 0.05756462732485114)
    w0 = f0 * w_scale
    alpha = tl.sin(w0) / (2.0 * q)
    cw = tl.cos(w0)
    a0 = 1.0 + alpha / A
    o = out_ptr + 5 * offs
    tl.store(o, (1.0 + alpha * A) / a0, mask=mask)
    tl.store(o + 1, -2.0 * cw / a0, mask=mask)
    tl.store(o + 2, (1.0 - alpha * A) / a0, mask=mask)
    tl.store(o + 3, -2.0 * cw / a0, mask=mask)
    tl.store(o + 4, (1.0 - alpha / A) / a0, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, f0, gain_db, q):
        n = f0.numel()
        out = torch.empty(n, 5, device=f0.device, dtype=f0.dtype)
        BLOCK = 1024
        rbj_kernel[(triton.cdiv(n, BLOCK),)](out, f0, gain_db, q, n, 2.0 * math.pi / SAMPLE_RATE, BLOCK=BLOCK)
        return out
