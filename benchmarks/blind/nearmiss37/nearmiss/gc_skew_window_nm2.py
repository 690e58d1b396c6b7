"""Triton GC skew: one lane per window, counting bases along the window."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gc_skew_kernel(seq_ptr, out_ptr, L, n_win, window, step, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    w = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    wm = w < n_win
    start = w * step
    g = tl.zeros([BLOCK], dtype=tl.int32)
    c = tl.zeros([BLOCK], dtype=tl.int32)
    for j in range(0, window):
        base = tl.load(seq_ptr + row * L + start + j, mask=wm, other=0)
        g += (base == 2).to(tl.int32)
        c += (base == 1).to(tl.int32)
    tot = (g + c).to(tl.float32)
    skew = tl.where(tot > 0, (g - c).to(tl.float32) / tl.maximum(tot, 1.0), 0.0)
    tl.store(out_ptr + row * n_win + w, skew, mask=wm)


class ModelNew(nn.Module):
    def __init__(self, window: int, step: int):
        super().__init__()
        self.window = window
        self.step = step

    def forward(self, seq: torch.Tensor) -> torch.Tensor:
        seq = seq.contiguous()
        B, L = seq.shape
        n_win = (L - self.window) // self.step
        out = torch.empty((B, n_win), device=seq.device, dtype=torch.float32)
        BLOCK = 32
        gc_skew_kernel[(B, triton.cdiv(n_win, BLOCK))](seq, out, L, n_win, self.window, self.step, BLOCK=BLOCK)
        return out
