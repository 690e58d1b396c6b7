"""Triton MoE unpermute-and-combine: one program per token, a static loop over its top-k choices, gathered rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def moe_unpermute_kernel(x_ptr, ids_ptr, w_ptr, out_ptr, H, K: tl.constexpr, BLOCK_H: tl.constexpr):
    tok = tl.program_id(0)
    cols = tl.arange(0, BLOCK_H)
    cm = cols < H
    acc = tl.zeros([BLOCK_H], dtype=tl.float32)
    for k in tl.static_range(K):
        src = tl.load(ids_ptr + tok * K + k)
        w = tl.load(w_ptr + tok * K + k)
        acc += w * tl.load(x_ptr + src * H + cols, mask=cm, other=0.0)
    tl.store(out_ptr + tok * H + cols, acc, mask=cm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, permuted, row_ids, weights):
        permuted, row_ids, weights = permuted.contiguous(), row_ids.contiguous(), weights.contiguous()
        T, K = row_ids.shape
        H = permuted.shape[1]
        out = torch.empty((T, H), device=permuted.device, dtype=permuted.dtype)
        BLOCK_H = triton.next_power_of_2(H)
        moe_unpermute_kernel[(T,)](permuted, row_ids, weights, out, H, K=K, BLOCK_H=BLOCK_H)
        return out
