"""Triton per-channel bias + tanh on a contiguous NCHW tensor, flattened; the channel of an
element is recovered from its flat index."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_tanh_kernel(x_ptr, b_ptr, y_ptr, n, C, HW, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    c = (offs // HW) % C
    z = tl.load(x_ptr + offs, mask=mask, other=0.0) + tl.load(b_ptr + c, mask=mask, other=0.0)
    y = 1.0 - 2.0 / (tl.exp(2.0 * z) + 1.0)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, H, W = x.shape
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        bias_tanh_kernel[(triton.cdiv(n, BLOCK),)](x, self.bias, y, n, C, H * W, BLOCK=BLOCK)
        return y
