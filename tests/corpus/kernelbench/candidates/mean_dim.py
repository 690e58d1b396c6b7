"""Triton mean over an arbitrary dim: a flat 1-D grid over (outer, inner-block) tiles, each
accumulating its column sums over the reduced dim in blocks, then dividing by its length."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_dim_kernel(x_ptr, y_ptr, R, inner, n_inner_blocks, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    pid = tl.program_id(0)
    o = (pid // n_inner_blocks).to(tl.int64)
    ii = (pid % n_inner_blocks) * BLOCK_I + tl.arange(0, BLOCK_I)
    i_mask = ii < inner
    acc = tl.zeros((BLOCK_R, BLOCK_I), tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + tl.arange(0, BLOCK_R)
        mask = (r[:, None] < R) & i_mask[None, :]
        acc += tl.load(x_ptr + o * R * inner + r[:, None] * inner + ii[None, :], mask=mask, other=0.0)
    total = tl.sum(acc, axis=0)
    tl.store(y_ptr + o * inner + ii, total / R, mask=i_mask)


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
        out_shape = list(x.shape[:d]) + list(x.shape[d + 1:])
        y = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        BLOCK_I = max(16, min(triton.next_power_of_2(inner), 64))
        BLOCK_R = 32
        n_inner_blocks = triton.cdiv(inner, BLOCK_I)
        mean_dim_kernel[(outer * n_inner_blocks,)](x, y, R, inner, n_inner_blocks, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)
        return y
