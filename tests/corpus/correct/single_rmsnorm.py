"""RMSNorm problem and its Triton kernel in one file (Model, ModelNew, inputs)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

batch_size = 8
hidden = 1536


class Model(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        variance = x.pow(2).mean(-1, keepdim=True)
        return weight * (x * torch.rsqrt(variance + self.eps))


@triton.jit
def rms_norm_fwd(X, W, Y, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean_sq = tl.sum(x * x, axis=0) / N
    w = tl.load(W + cols, mask=mask, other=0.0)
    y = w * (x * tl.rsqrt(mean_sq + eps))
    tl.store(Y + row * stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        N = x.shape[-1]
        M = x.numel() // N
        rms_norm_fwd[(M,)](x, weight, y, N, N, self.eps, BLOCK_SIZE=triton.next_power_of_2(N))
        return y


def get_inputs():
    return [torch.randn(batch_size, hidden), torch.rand(hidden) + 0.5]


def get_init_inputs():
    return [1e-6]
