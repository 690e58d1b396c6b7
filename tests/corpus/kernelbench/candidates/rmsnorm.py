"""Triton RMS norm over dim 1 of (batch, features, *spatial): each program owns one batch index and a
block of spatial positions, sums squares over the features in blocks, then divides. The spatial
extent and the launch grid are computed on the host."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_dim1_kernel(x_ptr, y_ptr, F, S, eps, BLOCK_F: tl.constexpr, BLOCK_S: tl.constexpr):
    b = tl.program_id(0).to(tl.int64)
    s = tl.program_id(1) * BLOCK_S + tl.arange(0, BLOCK_S)
    s_mask = s < S
    base = b * F * S
    acc = tl.zeros((BLOCK_S,), tl.float32)
    for f0 in range(0, F, BLOCK_F):
        f = f0 + tl.arange(0, BLOCK_F)
        mask = (f[:, None] < F) & s_mask[None, :]
        v = tl.load(x_ptr + base + f[:, None] * S + s[None, :], mask=mask, other=0.0).to(tl.float32)
        acc += tl.sum(v * v, axis=0)
    rms = tl.sqrt(acc / F + eps)
    for f0 in range(0, F, BLOCK_F):
        f = f0 + tl.arange(0, BLOCK_F)
        mask = (f[:, None] < F) & s_mask[None, :]
        offs = base + f[:, None] * S + s[None, :]
        v = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + offs, v / rms[None, :], mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super().__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, F = x.shape[0], x.shape[1]
        S = torch.prod(torch.tensor(x.shape[2:])).item()
        y = torch.empty_like(x)
        BLOCK_S = max(16, min(triton.next_power_of_2(S), 64))
        BLOCK_F = max(16, min(triton.next_power_of_2(F), 64))
        num_warps = 4
        if BLOCK_F * BLOCK_S >= 2048:
            num_warps = 8
        grid = (B, triton.cdiv(S, BLOCK_S))
        rmsnorm_dim1_kernel[grid](x, y, F, S, self.eps, BLOCK_F=BLOCK_F, BLOCK_S=BLOCK_S, num_warps=num_warps)
        return y
