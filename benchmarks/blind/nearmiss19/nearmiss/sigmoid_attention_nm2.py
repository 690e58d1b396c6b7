"""Causal sigmoid attention in Triton: a query tile per program, key / value tiles swept in a loop."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sigmoid_attn_kernel(q_ptr, k_ptr, v_ptr, out_ptr, N, D, scale, bias,
                         BM: tl.constexpr, BN: tl.constexpr, BD: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh * N * D
    rows = pid_m * BM + tl.arange(0, BM)
    dims = tl.arange(0, BD)
    dmask = dims < D
    q = tl.load(q_ptr + base + rows[:, None] * D + dims[None, :],
                mask=(rows[:, None] < N) & dmask[None, :], other=0.0)
    acc = tl.zeros([BM, BD], tl.float32)
    for start in range(0, (pid_m + 1) * BM, BN):
        cols = start + tl.arange(0, BN)
        kv_mask = (cols[:, None] < N) & dmask[None, :]
        k = tl.load(k_ptr + base + cols[:, None] * D + dims[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + base + cols[:, None] * D + dims[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale + bias
        p = tl.sigmoid(s)
        keep = (cols[None, :] < rows[:, None]) & (cols[None, :] < N)
        p = tl.where(keep, p, 0.0)
        acc += tl.dot(p, v, input_precision="ieee")
    tl.store(out_ptr + base + rows[:, None] * D + dims[None, :], acc,
             mask=(rows[:, None] < N) & dmask[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        b, h, n, d = q.shape
        out = torch.empty_like(q)
        BM = BN = 16
        BD = max(16, triton.next_power_of_2(d))
        grid = (triton.cdiv(n, BM), b * h)
        _sigmoid_attn_kernel[grid](q, k, v, out, n, d, 1.0 / math.sqrt(d), -math.log(n),
                                   BM=BM, BN=BN, BD=BD)
        return out
