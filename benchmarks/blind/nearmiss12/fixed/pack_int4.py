"""Triton int4 packing: (row, byte) tiles, two int8 inputs per output byte."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _pack_kernel(q_ptr, out_ptr, R, C, BLOCK_R: tl.constexpr, BLOCK_B: tl.constexpr):
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    j = tl.program_id(1) * BLOCK_B + tl.arange(0, BLOCK_B)
    half = C // 2
    mask = (r[:, None] < R) & (j[None, :] < half)
    src = q_ptr + r[:, None] * C + 2 * j[None, :]
    lo = tl.load(src, mask=mask, other=0).to(tl.int32)
    hi = tl.load(src + 1, mask=mask, other=0).to(tl.int32)
    packed = (lo & 15) | ((hi & 15) << 4)
    tl.store(out_ptr + r[:, None] * half + j[None, :], packed.to(tl.uint8), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        R, C = q.shape
        out = torch.empty((R, C // 2), dtype=torch.uint8, device=q.device)
        BLOCK_R, BLOCK_B = 16, 64
        grid = (triton.cdiv(R, BLOCK_R), triton.cdiv(C // 2, BLOCK_B))
        _pack_kernel[grid](q, out, R, C, BLOCK_R=BLOCK_R, BLOCK_B=BLOCK_B)
        return out
