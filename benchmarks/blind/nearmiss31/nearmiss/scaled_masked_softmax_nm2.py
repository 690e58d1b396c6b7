"""Triton scaled masked softmax: one program per (sample, head), the whole score matrix in one tile, the mask shared by all heads."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _scaled_masked_softmax_kernel(x_ptr, m_ptr, out_ptr, H, Sq, Sk, scale, SQ_BLOCK: tl.constexpr,
                                  SK_BLOCK: tl.constexpr):
    bh = tl.program_id(0)
    b = bh // H
    q = tl.arange(0, SQ_BLOCK)[:, None]
    k = tl.arange(0, SK_BLOCK)[None, :]
    inb = (q < Sq) & (k < Sk)
    x = tl.load(x_ptr + bh * Sq * Sk + q * Sk + k, mask=inb, other=0.0)
    mk = tl.load(m_ptr + b * Sq * Sk + q * Sk + k, mask=inb, other=1)
    x = tl.where(mk != 0, -10000.0, x)
    x = tl.where(k < Sk, x, float("-inf"))
    mx = tl.max(x, axis=1)
    e = tl.exp(x - mx[:, None])
    s = tl.sum(e, axis=1)
    tl.store(out_ptr + bh * Sq * Sk + q * Sk + k, e / s[:, None], mask=inb)


class ModelNew(nn.Module):
    def __init__(self, scale: float = 0.125):
        super().__init__()
        self.scale = scale

    def forward(self, scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        scores = scores.contiguous()
        m = mask.contiguous().view(torch.uint8)
        B, H, Sq, Sk = scores.shape
        out = torch.empty_like(scores)
        _scaled_masked_softmax_kernel[(B * H,)](scores, m, out, H, Sq, Sk, self.scale,
                                                SQ_BLOCK=triton.next_power_of_2(Sq), SK_BLOCK=triton.next_power_of_2(Sk))
        return out
