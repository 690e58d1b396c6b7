"""Triton rotary embedding (rotate-half layout): one program per (batch, head, position) row;
the first and second halves of the row are rotated by the position's cos/sin."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

BASE = 10000.0


@triton.jit
def rope_kernel(q_ptr, cos_ptr, sin_ptr, out_ptr, seq_len, HALF: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    pos = row % seq_len
    offs = tl.arange(0, BLOCK)
    mask = offs < HALF
    base = row * (2 * HALF)
    x1 = tl.load(q_ptr + base + offs, mask=mask, other=0.0)
    x2 = tl.load(q_ptr + base + HALF + offs, mask=mask, other=0.0)
    c = tl.load(cos_ptr + pos * (2 * HALF) + offs, mask=mask, other=0.0)
    s = tl.load(sin_ptr + pos * (2 * HALF) + offs, mask=mask, other=0.0)
    tl.store(out_ptr + base + offs, x1 * c + x2 * s, mask=mask)
    tl.store(out_ptr + base + HALF + offs, x2 * c + x1 * s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        b, h, s, d = q.shape
        inv_freq = 1.0 / (BASE ** (torch.arange(0, d, 2, dtype=torch.float32, device=q.device) / d))
        freqs = torch.outer(torch.arange(s, dtype=torch.float32, device=q.device), inv_freq)
        emb = torch.cat([freqs, freqs], dim=-1)
        cos, sin = emb.cos().contiguous(), emb.sin().contiguous()
        out = torch.empty_like(q)
        half = d // 2
        rope_kernel[(b * h * s,)](q, cos, sin, out, s, HALF=half, BLOCK=triton.next_power_of_2(half))
        return out
