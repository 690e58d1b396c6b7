"""Triton percentage-closer filtering: one lane per lookup, nine clamped texel comparisons unrolled at compile time."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pcf_kernel(depth_ptr, q_ptr, out_ptr, Q, H, W, bias, BLOCK: tl.constexpr):
    b = tl.program_id(1)
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ok = i < Q
    qb = q_ptr + (b * Q + i) * 3
    u = tl.load(qb, mask=ok, other=0.0)
    v = tl.load(qb + 1, mask=ok, other=0.0)
    z = tl.load(qb + 2, mask=ok, other=0.0) - bias
    cx = tl.floor(u * W).to(tl.int32)
    cy = tl.floor(v * H).to(tl.int32)
    lit = tl.zeros([BLOCK], dtype=tl.float32)
    for dy in tl.static_range(-1, 2):
        yy = tl.minimum(tl.maximum(cy + dy, 0), H - 1)
        for dx in tl.static_range(-1, 2):
            xx = tl.minimum(tl.maximum(cx + dx, 0), W - 1)
            d = tl.load(depth_ptr + b * H * W + yy * W + xx, mask=ok, other=0.0)
            lit += tl.where(z <= d, 1.0, 0.0)
    tl.store(out_ptr + b * Q + i, lit / 9.0, mask=ok)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = 0.005

    def forward(self, depth: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        depth = depth.contiguous()
        query = query.contiguous()
        B, H, W = depth.shape
        Q = query.shape[1]
        out = torch.empty((B, Q), device=depth.device, dtype=depth.dtype)
        BLOCK = 256
        pcf_kernel[(triton.cdiv(Q, BLOCK), B)](depth, query, out, Q, H, W, self.bias, BLOCK=BLOCK)
        return out
