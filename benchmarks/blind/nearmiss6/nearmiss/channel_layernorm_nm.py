"""Channels-first LayerNorm: each program normalises a block of pixels of one sample over C."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def channel_ln_kernel(x_ptr, w_ptr, b_ptr, out_ptr, C, HW, eps,
                      BLOCK_C: tl.constexpr, BLOCK_P: tl.constexpr):
    n = tl.program_id(0)
    pb = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)
    p = pb * BLOCK_P + tl.arange(0, BLOCK_P)
    cmask = c < C
    mask = cmask[:, None] & (p[None, :] < HW)
    offs = n * C * HW + c[:, None] * HW + p[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / C
    d = x - mean[None, :]
    var = tl.sum(d * d, axis=0) / C
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + c, mask=cmask, other=0.0)
    b = tl.load(b_ptr + c, mask=cmask, other=0.0)
    y = d * rstd[None, :] * w[:, None] + b[:, None]
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        out = torch.empty_like(x)
        BLOCK_P = 32
        grid = (N, triton.cdiv(H * W, BLOCK_P))
        channel_ln_kernel[grid](x, self.weight, self.bias, out, C, H * W, self.eps,
                                BLOCK_C=triton.next_power_of_2(C), BLOCK_P=BLOCK_P)
        return out
