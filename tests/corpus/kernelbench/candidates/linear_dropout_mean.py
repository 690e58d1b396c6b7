"""Linear -> Dropout(p=0 / eval: identity) -> mean over the output features, fused in one Triton
kernel: each program owns a block of rows and accumulates GEMM tiles (+ bias) column block by column
block into per-row sums, then divides by out_features."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_rowmean_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, N, K, stride_xm, stride_wn,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    total = tl.zeros((BLOCK_M,), tl.float32)
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
        total += tl.sum(tl.where(rn[None, :] < N, acc, 0.0), axis=1)
    tl.store(out_ptr + rm, total / N, mask=rm < M)


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, dropout_p: float):
        super().__init__()
        self.matmul = nn.Linear(in_features, out_features)
        self.dropout = nn.Dropout(dropout_p)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.training and self.dropout.p > 0:
            raise NotImplementedError("this kernel implements Dropout only as the identity (p = 0 or eval mode)")
        x = x.contiguous()
        w = self.matmul.weight.contiguous()
        M, K = x.shape
        N = w.shape[0]
        out = torch.empty((M, 1), device=x.device, dtype=torch.float32)
        BLOCK_M, BLOCK_N, BLOCK_K = (32, 64, 32) if x.is_cuda else (16, 32, 32)
        linear_rowmean_kernel[(triton.cdiv(M, BLOCK_M),)](x, w, self.matmul.bias, out, M, N, K, x.stride(0),
                                                          w.stride(0), BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                                                          BLOCK_K=BLOCK_K)
        return out
