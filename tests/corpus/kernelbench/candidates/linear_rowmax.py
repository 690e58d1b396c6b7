"""Linear -> max over the output features, fused in one Triton kernel: each program owns a block of
rows, walks the output columns in blocks computing the GEMM tile (+ bias) and keeps a running max,
so the (batch, out) intermediate is never written."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_rowmax_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, N, K, stride_xm, stride_wn,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    best = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    for n0 in range(0, N, BLOCK_N):
        rn = n0 + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k0 in range(0, K, BLOCK_K):
            kk = k0 + tl.arange(0, BLOCK_K)
            a = tl.load(x_ptr + rm[:, None] * stride_xm + kk[None, :],
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            w = tl.load(w_ptr + rn[None, :] * stride_wn + kk[:, None],
                        mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
            acc += tl.dot(a, w, input_precision="ieee")
        acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
        acc = tl.where(rn[None, :] < N, acc, float("-inf"))
        best = tl.maximum(best, tl.max(acc, axis=1))
    tl.store(out_ptr + rm, best, mask=rm < M)


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        w = self.linear.weight.contiguous()
        M, K = x.shape
        N = w.shape[0]
        out = torch.empty((M, 1), device=x.device, dtype=torch.float32)
        BLOCK_M, BLOCK_N, BLOCK_K = (32, 64, 32) if x.is_cuda else (16, 32, 32)
        linear_rowmax_kernel[(triton.cdiv(M, BLOCK_M),)](x, w, self.linear.bias, out, M, N, K, x.stride(0),
                                                         w.stride(0), BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                                                         BLOCK_K=BLOCK_K)
        return out
