"""Squeeze-and-excitation rescale over the flattened NCHW tensor."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def se_scale_kernel(x_ptr, g_ptr, out_ptr, n, C, HW, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    nc = offs // HW
    g = tl.load(g_ptr + nc, mask=mask, other=0.0)
    y = x / (1.0 + tl.exp(-g))
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        gate = gate.contiguous()
        N, C, H, W = x.shape
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        se_scale_kernel[(triton.cdiv(n, BLOCK),)](x, gate, out, n, C, H * W, BLOCK=BLOCK)
        return out
