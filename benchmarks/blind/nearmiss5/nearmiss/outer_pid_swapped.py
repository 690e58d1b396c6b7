"""Outer product, tiled in 2-D."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def outer_kernel(a_ptr, b_ptr, out_ptr, M, N, som, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(1)
    pid_n = tl.program_id(0)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    a = tl.load(a_ptr + offs_m, mask=offs_m < M, other=0.0)
    b = tl.load(b_ptr + offs_n, mask=offs_n < N, other=0.0)
    tl.store(out_ptr + offs_m[:, None] * som + offs_n[None, :], a[:, None] * b[None, :],
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a, b = a.contiguous(), b.contiguous()
        M, N = a.numel(), b.numel()
        out = torch.empty(M, N, device=a.device, dtype=a.dtype)
        BM, BN = 32, 32
        outer_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](a, b, out, M, N, out.stride(0), BM=BM, BN=BN)
        return out
