"""Triton sum over an arbitrary dim (keepdim): the input is viewed as (outer, R, inner); each program
owns one outer index and a block of inner positions and walks R in blocks."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_dim_kernel(x_ptr, y_ptr, R, inner, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    o = tl.program_id(0).to(tl.int64)
    ii = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)
    rr = tl.arange(0, BLOCK_R)
    base = x_ptr + o * R * inner
    acc = tl.zeros((BLOCK_I,), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + rr
        mask = (r[:, None] < R) & (ii[None, :] < inner)
        v = tl.load(base + r[:, None] * inner + ii[None, :], mask=mask, other=0.0)
        acc += tl.sum(v.to(tl.float32), axis=0)
    tl.store(y_ptr + o * inner + ii, acc, mask=ii < inner)


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
        out_shape = list(x.shape)
        out_shape[d] = 1
        y = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        BLOCK_I = max(16, min(triton.next_power_of_2(inner), 64))
        BLOCK_R = max(16, min(triton.next_power_of_2(R), 4096 // BLOCK_I))
        grid = (outer, triton.cdiv(inner, BLOCK_I))
        sum_dim_kernel[grid](x, y, R, inner, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)
        return y
