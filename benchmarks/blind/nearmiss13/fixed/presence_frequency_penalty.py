"""Triton presence / frequency penalties: one flat pass over the logits and the token counts."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def penalty_kernel(logits_ptr, counts_ptr, out_ptr, n, freq, presence, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(logits_ptr + offs, mask=m, other=0.0)
    c = tl.load(counts_ptr + offs, mask=m, other=0)
    pres = tl.where(c > 0, presence, 0.0)
    y = x - freq * c.to(tl.float32) - pres
    tl.store(out_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, freq: float, presence: float):
        super().__init__()
        self.freq = freq
        self.presence = presence

    def forward(self, logits: torch.Tensor, counts: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        counts = counts.contiguous()
        out = torch.empty_like(logits)
        n = logits.numel()
        BLOCK = 1024
        penalty_kernel[(triton.cdiv(n, BLOCK),)](logits, counts, out, n, self.freq, self.presence, BLOCK=BLOCK)
        return out
