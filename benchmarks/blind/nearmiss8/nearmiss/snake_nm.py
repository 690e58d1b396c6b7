"""Triton Snake activation: one flat pass, the channel of each element recovered from its offset."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def snake_kernel(x_ptr, alpha_ptr, out_ptr, n, length, channels, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    c = offs % channels
    a = tl.load(alpha_ptr + c, mask=mask, other=1.0)
    s = tl.sin(a * x)
    y = x + (1.0 / (a + 1e-9)) * s * s
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.alpha = nn.Parameter(torch.rand(channels) * 0.9 + 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, L = x.shape
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 2048
        snake_kernel[(triton.cdiv(n, BLOCK),)](x, self.alpha, out, n, L, C, BLOCK=BLOCK)
        return out
