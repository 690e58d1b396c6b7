"""Triton fused Linear -> AvgPool1d -> GELU -> scale -> max: one program per row tile; for each pool
offset a (rows x pooled features) tl.dot tile over the input features."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fused_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, K, N, n_pool, scale,
                 POOL: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_P: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    p = tl.arange(0, BLOCK_P)
    r_mask = rows < M
    p_mask = p < n_pool
    pooled = tl.zeros((BLOCK_M, BLOCK_P), dtype=tl.float32)
    for j in tl.static_range(POOL):
        f = p * POOL + j
        f_mask = p_mask & (f < N)
        acc = tl.zeros((BLOCK_M, BLOCK_P), dtype=tl.float32)
        for k0 in range(0, K, BLOCK_K):
            kk = k0 + tl.arange(0, BLOCK_K)
            k_mask = kk < K
            xt = tl.load(x_ptr + rows[:, None] * K + kk[None, :], mask=r_mask[:, None] & k_mask[None, :], other=0.0)
            wt = tl.load(w_ptr + f[None, :] * K + kk[:, None], mask=k_mask[:, None] & f_mask[None, :], other=0.0)
            acc += tl.dot(xt, wt)
        bias = tl.load(b_ptr + f, mask=f_mask, other=0.0)
        pooled += acc + bias[None, :]
    pooled = pooled / POOL
    g = 0.5 * pooled * (1.0 + tl.math.erf(pooled * 0.7071067811865476)) * scale
    g = tl.where(p_mask[None, :], g, float("-inf"))
    res = tl.max(g, axis=1)
    tl.store(out_ptr + rows, res, mask=r_mask)


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, pool_kernel_size: int, scale_factor: float):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.pool = pool_kernel_size
        self.scale_factor = scale_factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        M, K = x.shape
        N = self.linear.out_features
        n_pool = N // self.pool
        out = torch.empty(M, device=x.device, dtype=x.dtype)
        BLOCK_M = 16
        fused_kernel[(triton.cdiv(M, BLOCK_M),)](x, self.linear.weight, self.linear.bias, out, M, K, N, n_pool,
                                                 self.scale_factor, POOL=self.pool, BLOCK_M=BLOCK_M,
                                                 BLOCK_P=max(16, triton.next_power_of_2(n_pool)), BLOCK_K=32)
        return out
