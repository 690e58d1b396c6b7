"""Triton T5 relative-position buckets on (query, key) tiles."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _bucket_kernel(q_ptr, k_ptr, out_ptr, Lq, Lk, half, max_exact, log_ratio,
                   BLOCK_Q: tl.constexpr, BLOCK_K: tl.constexpr):
    qi = tl.program_id(0) * BLOCK_Q + tl.arange(0, BLOCK_Q)
    ki = tl.program_id(1) * BLOCK_K + tl.arange(0, BLOCK_K)
    qp = tl.load(q_ptr + qi, mask=qi < Lq, other=0)
    kp = tl.load(k_ptr + ki, mask=ki < Lk, other=0)
    rel = kp[None, :] - qp[:, None]
    ret = tl.where(rel > 0, half, 0)
    n = tl.abs(rel)
    nf = tl.maximum(n, 1).to(tl.float32)
    large = max_exact + (tl.log(nf / max_exact) / log_ratio * (half - max_exact)).to(tl.int64)
    large = tl.minimum(large, half - 1)
    out = ret + tl.where(n < max_exact, n, large)
    mask = (qi[:, None] < Lq) & (ki[None, :] < Lk)
    tl.store(out_ptr + qi[:, None] * Lk + ki[None, :], out, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_buckets=32, max_distance=100):
        super().__init__()
        self.num_buckets = num_buckets
        self.max_distance = max_distance

    def forward(self, q_pos: torch.Tensor, k_pos: torch.Tensor) -> torch.Tensor:
        q = q_pos.contiguous()
        k = k_pos.contiguous()
        Lq, Lk = q.shape[0], k.shape[0]
        half = self.num_buckets // 2
        max_exact = half // 2
        log_ratio = math.log(self.max_distance / max_exact)
        out = torch.empty((Lq, Lk), dtype=torch.int64, device=q.device)
        BLOCK_Q, BLOCK_K = 32, 64
        grid = (triton.cdiv(Lq, BLOCK_Q), triton.cdiv(Lk, BLOCK_K))
        _bucket_kernel[grid](q, k, out, Lq, Lk, half, max_exact, log_ratio, BLOCK_Q=BLOCK_Q, BLOCK_K=BLOCK_K)
        return out
