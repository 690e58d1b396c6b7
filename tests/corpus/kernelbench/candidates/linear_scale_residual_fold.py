"""Linear, scale and residual add collapse to one affine map: x @ W^T * (1 + s) + b * (1 + s).
__init__ draws the same nn.Linear as the reference (same RNG order), folds (1 + s) into the weight
and the bias, and keeps the weight pre-transposed (K, N) so the GEMM reads it along N."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def affine_kernel(x_ptr, wt_ptr, b_ptr, y_ptr, M, N, K,
                  stride_xm, stride_xk, stride_wk, stride_wn, stride_ym, stride_yn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * stride_xm + kk[None, :] * stride_xk,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(wt_ptr + kk[:, None] * stride_wk + rn[None, :] * stride_wn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    bias = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    tl.store(y_ptr + rm[:, None] * stride_ym + rn[None, :] * stride_yn, acc + bias[None, :],
             mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, scaling_factor: float):
        super().__init__()
        linear = nn.Linear(in_features, out_features)  # the reference's draws, in the same order
        factor = 1.0 + scaling_factor
        with torch.no_grad():
            self.weight_t = nn.Parameter((linear.weight * factor).t().contiguous())  # (in, out)
            self.bias = nn.Parameter(linear.bias * factor)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        M, K = x.shape
        N = self.weight_t.shape[1]
        y = torch.empty((M, N), device=x.device, dtype=torch.float32)
        if x.is_cuda:
            BLOCK_M, BLOCK_N, BLOCK_K = 64, 64, 32
        else:
            BLOCK_M, BLOCK_N, BLOCK_K = 16, 32, 32
        grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
        affine_kernel[grid](
            x, self.weight_t, self.bias, y, M, N, K,
            x.stride(0), x.stride(1), self.weight_t.stride(0), self.weight_t.stride(1), y.stride(0), y.stride(1),
            BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K,
        )
        return y
