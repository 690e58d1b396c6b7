"""Triton nucleus (top-p) filter over descending-sorted logits, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _top_p_kernel(x_ptr, out_ptr, V, stride_x, stride_o, top_p, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < V
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=float("-inf"))
    m = tl.max(x, axis=0)
    e = tl.where(mask, tl.exp(x - m), 0.0)
    p = e / tl.sum(e, axis=0)
    c = tl.cumsum(p, axis=0) - p
    y = tl.where(c > top_p, float("-inf"), x)
    tl.store(out_ptr + row * stride_o + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, top_p):
        super().__init__()
        self.top_p = top_p

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        x = logits.contiguous()
        n_rows, V = x.shape
        out = torch.empty_like(x)
        BLOCK = triton.next_power_of_2(V)
        _top_p_kernel[(n_rows,)](x, out, V, x.stride(0), out.stride(0), self.top_p, BLOCK=BLOCK)
        return out
