"""Triton CTC greedy decoding: one program per frame; a helper scans the vocabulary in chunks for a frame's argmax."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _frame_argmax(row_ptr, V, BLOCK_V: tl.constexpr):
    cols = tl.arange(0, BLOCK_V)
    best = float("-inf")
    best_i = 0
    for v0 in range(0, V, BLOCK_V):
        x = tl.load(row_ptr + v0 + cols, mask=(v0 + cols) < V, other=float("-inf"))
        cm = tl.max(x, axis=0)
        ci = tl.argmax(x, axis=0) + v0
        upd = cm >= best
        best = tl.where(upd, cm, best)
        best_i = tl.where(upd, ci, best_i)
    return best_i


@triton.jit
def ctc_greedy_kernel(x_ptr, out_ptr, T, V, x_sb, x_st, blank, BLOCK_V: tl.constexpr):
    b = tl.program_id(0)
    t = tl.program_id(1)
    idx = _frame_argmax(x_ptr + b * x_sb + t * x_st, V, BLOCK_V)
    tp = tl.maximum(t - 1, 0)
    prev = _frame_argmax(x_ptr + b * x_sb + tp * x_st, V, BLOCK_V)
    prev = tl.where(t > 0, prev, -1)
    keep = (idx != blank) & (idx != prev)
    tl.store(out_ptr + b * T + t, tl.where(keep, idx, -1).to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self, blank: int):
        super().__init__()
        self.blank = blank

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        B, T, V = logits.shape
        out = torch.empty(B, T, dtype=torch.int64, device=logits.device)
        ctc_greedy_kernel[(B, T)](logits, out, T, V, logits.stride(0), logits.stride(1), self.blank, BLOCK_V=64)
        return out
