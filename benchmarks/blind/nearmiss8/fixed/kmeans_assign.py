"""Triton k-means assignment: each program takes a block of points and loops over the centroids,
keeping the running nearest one."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def assign_kernel(x_ptr, c_ptr, out_ptr, n, K, dim, stride_x, stride_c, BLOCK_N: tl.constexpr,
                  BLOCK_D: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    d = tl.arange(0, BLOCK_D)
    rmask = rows < n
    dmask = d < dim
    x = tl.load(x_ptr + rows[:, None] * stride_x + d[None, :], mask=rmask[:, None] & dmask[None, :], other=0.0)
    best = tl.full([BLOCK_N], float("inf"), tl.float32)
    best_idx = tl.zeros([BLOCK_N], dtype=tl.int32)
    for k in range(0, K):
        c = tl.load(c_ptr + k * stride_c + d, mask=dmask, other=0.0)
        diff = x - c[None, :]
        dist = tl.sum(diff * diff, axis=1)
        better = dist < best
        best = tl.where(better, dist, best)
        best_idx = tl.where(better, k, best_idx)
    tl.store(out_ptr + rows, best_idx.to(tl.int64), mask=rmask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, centroids: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        centroids = centroids.contiguous()
        n, dim = x.shape
        K = centroids.shape[0]
        out = torch.empty(n, dtype=torch.int64, device=x.device)
        BLOCK_N = 128
        assign_kernel[(triton.cdiv(n, BLOCK_N),)](x, centroids, out, n, K, dim, x.stride(0), centroids.stride(0),
                                                 BLOCK_N=BLOCK_N, BLOCK_D=triton.next_power_of_2(dim))
        return out
