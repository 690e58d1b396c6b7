"""Smith-Waterman local alignment scores with a linear gap penalty: one lane per sequence pair, one DP row kept per lane."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sw_score_kernel(a_ptr, b_ptr, row_ptr, out_ptr, n_pairs, len_a, len_b,
                     sa0, sa1, sb0, sb1, match, mismatch, gap, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    lanes = pid * BLOCK + tl.arange(0, BLOCK)
    m = lanes < n_pairs
    best = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, len_a):
        ca = tl.load(a_ptr + lanes * sa0 + i * sa1, mask=m, other=0)
        diag = tl.zeros([BLOCK], dtype=tl.float32)
        left = tl.zeros([BLOCK], dtype=tl.float32)
        for j in range(0, len_b):
            cb = tl.load(b_ptr + lanes * sb0 + j * sb1, mask=m, other=0)
            up = tl.load(row_ptr + lanes * len_b + j, mask=m, other=0.0)
            s = tl.where(ca == cb, match, -mismatch)
            h = tl.maximum(diag + s, up - gap)
            h = tl.maximum(h, left - gap)
            tl.store(row_ptr + lanes * len_b + j, h, mask=m)
            best = tl.maximum(best, h)
            diag = up
            left = h
    tl.store(out_ptr + lanes, best, mask=m)


class ModelNew(nn.Module):
    def __init__(self, match: int, mismatch: int, gap: int):
        super().__init__()
        self.match = float(match)
        self.mismatch = float(mismatch)
        self.gap = float(gap)

    def forward(self, seq_a: torch.Tensor, seq_b: torch.Tensor) -> torch.Tensor:
        pairs, la = seq_a.shape
        lb = seq_b.shape[1]
        row = torch.zeros(pairs, lb, device=seq_a.device, dtype=torch.float32)
        out = torch.empty(pairs, device=seq_a.device, dtype=torch.float32)
        BLOCK = 64
        grid = (triton.cdiv(pairs, BLOCK),)
        _sw_score_kernel[grid](seq_a, seq_b, row, out, pairs, la, lb,
                               seq_a.stride(0), seq_a.stride(1), seq_b.stride(0), seq_b.stride(1),
                               self.match, self.mismatch, self.gap, BLOCK=BLOCK)
        return out
