"""Triton rotary embedding (rotate-half form): one program per (batch, head) slice handles every
position of that slice as a [seq, head_dim/2] tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rope_kernel(q_ptr, cos_ptr, sin_ptr, out_ptr, seq_len, stride_bh, stride_s, stride_cs,
                HALF: tl.constexpr, BLOCK_S: tl.constexpr):
    bh = tl.program_id(0)
    s = tl.arange(0, BLOCK_S)
    d = tl.arange(0, HALF)
    smask = s[:, None] < seq_len
    base = bh * stride_bh + s[:, None] * stride_s + d[None, :]
    x1 = tl.load(q_ptr + base, mask=smask, other=0.0)
    x2 = tl.load(q_ptr + base + HALF, mask=smask, other=0.0)
    cs = s[:, None] * stride_cs + d[None, :]
    cos = tl.load(cos_ptr + cs, mask=smask, other=0.0)
    sin = tl.load(sin_ptr + cs, mask=smask, other=0.0)
    tl.store(out_ptr + base, x1 * cos - x2 * sin, mask=smask)
    tl.store(out_ptr + base + HALF, x2 * cos + x1 * sin, mask=smask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        cos = cos.contiguous()
        sin = sin.contiguous()
        b, h, s, d = q.shape
        out = torch.empty_like(q)
        grid = (q.shape[0],)
        rope_kernel[grid](q, cos, sin, out, s, q.stride(1), q.stride(2), cos.stride(0),
                          HALF=d // 2, BLOCK_S=triton.next_power_of_2(s))
        return out
