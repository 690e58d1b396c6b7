"""Systematic resampling in Triton: one program per row; a cumulative sum over the row and a
(particle x position) comparison tile counted per position."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def resample_kernel(out_ptr, w_ptr, u_ptr, n, sw, so, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    j = tl.arange(0, BLOCK)
    m = j < n
    w = tl.load(w_ptr + row * sw + j, mask=m, other=0.0)
    c = tl.cumsum(w, axis=0)
    c = tl.where(m, c, float("inf"))
    total = tl.sum(w, axis=0)
    u = tl.load(u_ptr + row)
    pos = (j.to(tl.float32) + u) * total / n
    idx = tl.sum((c[None, :] <= pos[:, None]).to(tl.int64), axis=1)
    tl.store(out_ptr + row * so + j, idx, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, weights, offsets):
        weights, offsets = weights.contiguous(), offsets.contiguous()
        r, n = weights.shape
        out = torch.empty((r, n), dtype=torch.int64, device=weights.device)
        resample_kernel[(r,)](out, weights, offsets, n, weights.stride(0), out.stride(0),
                              BLOCK=triton.next_power_of_2(n))
        return out
