"""sum_j (x @ W^T)[:, j] / 2 * s = x @ (sum_j W[j, :]) * (s / 2): __init__ draws the same random
weight as the reference, then collapses it to one (input_size,) vector with the constants folded
in; forward is a Triton GEMV, one program per block of rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gemv_kernel(x_ptr, v_ptr, out_ptr, M, K, stride_xm, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros((BLOCK_M, BLOCK_K), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(x_ptr + rm[:, None] * stride_xm + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        v = tl.load(v_ptr + kk, mask=kk < K, other=0.0)
        acc += a * v[None, :]
    tl.store(out_ptr + rm, tl.sum(acc, axis=1), mask=rm < M)


class ModelNew(nn.Module):
    def __init__(self, input_size: int, hidden_size: int, scaling_factor: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden_size, input_size))
        self.scaling_factor = scaling_factor
        with torch.no_grad():
            folded = self.weight.double().sum(dim=0) * (scaling_factor / 2.0)
        self.register_buffer("folded_weight", folded.float())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        M, K = x.shape
        out = torch.empty((M, 1), device=x.device, dtype=torch.float32)
        BLOCK_M, BLOCK_K = 16, 64
        gemv_kernel[(triton.cdiv(M, BLOCK_M),)](x, self.folded_weight, out, M, K, x.stride(0),
                                               BLOCK_M=BLOCK_M, BLOCK_K=BLOCK_K)
        return out
