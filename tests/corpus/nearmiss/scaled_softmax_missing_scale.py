"""Triton attention-score softmax using exp2."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scaled_softmax_kernel(out_ptr, in_ptr, n_cols, qk_scale, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    s = tl.load(in_ptr + row * n_cols + cols, mask=mask, other=-float("inf")).to(tl.float32)
    s = s * qk_scale
    p = tl.exp2(s - tl.max(s, axis=0))
    p = p / tl.sum(p, axis=0)
    tl.store(out_ptr + row * n_cols + cols, p, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        scores = scores.contiguous()
        out = torch.empty_like(scores)
        n_cols = scores.shape[-1]
        n_rows = scores.numel() // n_cols
        qk_scale = 1.4426950408889634  # fold log2(e) so the kernel can use exp2
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        scaled_softmax_kernel[(n_rows,)](out, scores, n_cols, qk_scale, BLOCK_SIZE=BLOCK_SIZE)
        return out
