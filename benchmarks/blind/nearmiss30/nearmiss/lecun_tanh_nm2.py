"""Triton scaled tanh on a 2-D grid of (row, column-block) programs."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _lecun_tanh_kernel(x_ptr, out_ptr, B, D, stride_x, stride_o, BLOCK: tl.constexpr):
    row, cb = tl.program_id(1), tl.program_id(0)
    cols = cb * BLOCK + tl.arange(0, BLOCK)
    mask = (cols < D) & (row < B)
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    z = x * (2.0 / 3.0)
    e = tl.exp(-2.0 * tl.abs(z))
    th = (1.0 - e) / (1.0 + e)
    th = tl.where(z < 0, -th, th)
    tl.store(out_ptr + row * stride_o + cols, 1.7159 * th, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, D = x.shape
        out = torch.empty_like(x)
        BLOCK = 128
        _lecun_tanh_kernel[(B, triton.cdiv(D, BLOCK))](x, out, B, D, x.stride(0), out.stride(0), BLOCK=BLOCK)
        return out
