"""Triton max-plus matrix product, 2-D grid of output tiles looping over K in chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def maxplus_kernel(a_ptr, b_ptr, c_ptr, M, N, K, a_s0, a_s1, b_s0, b_s1, c_s0, c_s1,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.full((BM, BN), float("-inf"), tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * a_s0 + kk[None, :] * a_s1,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=float("-inf"))
        b = tl.load(b_ptr + kk[:, None] * b_s0 + rn[None, :] * b_s1,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=float("-inf"))
        s = a[:, :, None] + b[None, :, :]
        acc = tl.maximum(acc, tl.max(s, axis=1))
    tl.store(c_ptr + rm[:, None] * c_s0 + rn[None, :] * c_s1, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty(M, N, dtype=a.dtype, device=a.device)
        BM, BN, BK = 16, 16, 16
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
        maxplus_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                             c.stride(0), c.stride(1), BM=BM, BN=BN, BK=BK)
        return c
