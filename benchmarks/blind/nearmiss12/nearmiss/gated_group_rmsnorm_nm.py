"""Triton gated grouped RMSNorm, one program per (row block, channel group)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sigmoid(z):
    return 1.0 / (1.0 + tl.exp(-z))


@triton.jit
def _gated_rms_kernel(x_ptr, z_ptr, w_ptr, out_ptr, N, D, G, eps, BLOCK_N: tl.constexpr, BLOCK_G: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    j = tl.arange(0, BLOCK_G)
    cols = tl.program_id(1) * G + j
    cmask = j < G
    mask = (rows[:, None] < N) & cmask[None, :]
    offs = rows[:, None] * D + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0)
    h = x * z * _sigmoid(z)
    ms = tl.sum(h * h, axis=1) / D
    rstd = 1.0 / tl.sqrt(ms + eps)
    w = tl.load(w_ptr + cols, mask=cmask, other=0.0)
    tl.store(out_ptr + offs, h * rstd[:, None] * w[None, :], mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, group_size, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(dim))
        self.group_size = group_size
        self.eps = eps

    def forward(self, x: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        z = z.contiguous()
        N, D = x.shape
        G = self.group_size
        out = torch.empty_like(x)
        BLOCK_N = 8
        _gated_rms_kernel[(triton.cdiv(N, BLOCK_N), D // G)](x, z, self.weight.detach(), out, N, D, G, self.eps,
                                                             BLOCK_N=BLOCK_N, BLOCK_G=triton.next_power_of_2(G))
        return out
