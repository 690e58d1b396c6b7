"""Triton max over an arbitrary dim (values only). The reduced axis runs along the tile's second
axis so that a last-dim reduction (inner == 1) reads contiguous rows."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_dim_kernel(x_ptr, y_ptr, R, inner, BLOCK_I: tl.constexpr, BLOCK_R: tl.constexpr):
    o = tl.program_id(0).to(tl.int64)
    ii = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)
    i_mask = ii < inner
    best = tl.full((BLOCK_I,), float("-inf"), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + tl.arange(0, BLOCK_R)
        mask = i_mask[:, None] & (r[None, :] < R)
        v = tl.load(x_ptr + o * R * inner + r[None, :] * inner + ii[:, None], mask=mask, other=float("-inf"))
        best = tl.maximum(best, tl.max(v.to(tl.float32), axis=1))
    tl.store(y_ptr + o * inner + ii, best, mask=i_mask)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        d = self.dim % x.dim()
        x = x.contiguous()
        outer = math.prod(x.shape[:d])
        R = x.shape[d]
        inner = math.prod(x.shape[d + 1:])
        y = torch.empty(list(x.shape[:d]) + list(x.shape[d + 1:]), device=x.device, dtype=x.dtype)
        BLOCK_I = min(triton.next_power_of_2(inner), 64)
        BLOCK_R = max(16, min(triton.next_power_of_2(R), 4096 // BLOCK_I))
        grid = (outer, triton.cdiv(inner, BLOCK_I))
        max_dim_kernel[grid](x, y, R, inner, BLOCK_I=BLOCK_I, BLOCK_R=BLOCK_R)
        return y
