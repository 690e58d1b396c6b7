"""Cheat: matmul through F.linear (cuBLAS via torch), after launching a kernel whose result is unused."""
import torch
import torch.nn as nn
import triton
import triton.language as tl

import torch.nn.functional as F

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # one K tile (BK >= K): enough for the scratch result this cheat throws away
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b), mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        scratch = torch.empty(A.shape[0], B.shape[1], device=A.device, dtype=A.dtype)
        matmul_kernel[(1, 1)](A, B, scratch, A.shape[0], B.shape[1], A.shape[1], BM=32, BN=32, BK=32)
        return F.linear(A, B.t())
