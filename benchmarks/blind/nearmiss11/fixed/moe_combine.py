"""MoE combine in Triton: one program per block of tokens gathers and weights its top-k expert rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def moe_combine_kernel(y_ptr, w_ptr, idx_ptr, out_ptr, T, D, K: tl.constexpr, BT: tl.constexpr, BD: tl.constexpr):
    t = tl.program_id(0) * BT + tl.arange(0, BT)
    d = tl.arange(0, BD)
    tm = t < T
    m = tm[:, None] & (d < D)[None, :]
    acc = tl.zeros([BT, BD], dtype=tl.float32)
    for k in tl.static_range(K):
        w = tl.load(w_ptr + t * K + k, mask=tm, other=0.0)
        src = tl.load(idx_ptr + t * K + k, mask=tm, other=0)
        y = tl.load(y_ptr + src[:, None] * D + d[None, :], mask=m, other=0.0)
        acc += w[:, None] * y
    tl.store(out_ptr + t[:, None] * D + d[None, :], acc, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, expert_out: torch.Tensor, weights: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        expert_out = expert_out.contiguous()
        weights = weights.contiguous()
        index = index.contiguous()
        T, K = weights.shape
        D = expert_out.shape[1]
        out = torch.empty(T, D, device=expert_out.device, dtype=expert_out.dtype)
        BT = 32
        moe_combine_kernel[(triton.cdiv(T, BT),)](expert_out, weights, index, out, T, D, K=K, BT=BT,
                                                  BD=triton.next_power_of_2(D))
        return out
