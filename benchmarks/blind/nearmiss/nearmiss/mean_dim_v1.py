"""Triton mean over dim 1 of a (B, D1, D2) tensor: a (batch, column-block) grid; each program
loads a [D1, BLOCK_C] tile and reduces it."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_dim_kernel(x_ptr, out_ptr, D1, D2, stride_b, stride_r, stride_c,
                    BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    b = tl.program_id(0)
    cb = tl.program_id(1)
    r = tl.arange(0, BLOCK_R)
    c = cb * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (r[:, None] < D1) & (c[None, :] < D2)
    ptrs = x_ptr + b * stride_b + r[:, None] * stride_r + c[None, :] * stride_c
    x = tl.load(ptrs, mask=mask, other=0.0).to(tl.float32)
    total = tl.sum(x, axis=0)
    tl.store(out_ptr + b * D2 + c, total / D1, mask=c < D2)


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, D1, D2 = x.shape
        out = torch.empty((B, D2), dtype=x.dtype, device=x.device)
        BLOCK_R = triton.next_power_of_2(D1)
        BLOCK_C = 64
        grid = (B, triton.cdiv(D2, BLOCK_C))
        mean_dim_kernel[grid](x, out, D1, D2, x.stride(0), x.stride(2), x.stride(2),
                              BLOCK_R=BLOCK_R, BLOCK_C=BLOCK_C)
        return out
