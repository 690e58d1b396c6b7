"""Triton min-p filter, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _min_p_kernel(x_ptr, out_ptr, V, min_p, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < V
    x = tl.load(x_ptr + row * V + cols, mask=mask, other=float("-inf"))
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    p = e / tl.sum(e, axis=0)
    top = tl.max(p, axis=0)
    y = tl.where(p < min_p, float("-inf"), x)
    tl.store(out_ptr + row * V + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, min_p=0.1):
        super().__init__()
        self.min_p = min_p

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        x = logits.contiguous()
        V = x.shape[-1]
        rows = x.numel() // V
        out = torch.empty_like(x)
        _min_p_kernel[(rows,)](x, out, V, self.min_p, BLOCK=triton.next_power_of_2(V))
        return out
