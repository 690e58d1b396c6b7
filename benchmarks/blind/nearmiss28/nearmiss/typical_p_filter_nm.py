"""Triton locally typical filtering: one row per program, token ranks from a (token x token) comparison tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

FILTER_VALUE = -1000.0


@triton.jit
def typical_kernel(scores_ptr, out_ptr, vocab, stride_in, stride_out, mass, fill, BLOCK_V: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_V)
    valid = cols < vocab
    x = tl.load(scores_ptr + row * stride_in + cols, mask=valid, other=-float("inf"))
    x_max = tl.max(x, axis=0)
    e = tl.where(valid, tl.exp(x - x_max), 0.0)
    z = tl.sum(e, axis=0)
    logp = tl.where(valid, x - x_max - tl.log(z), 0.0)
    p = e / z
    ent = -tl.sum(p * logp, axis=0)
    shifted = tl.where(valid, tl.abs(logp - ent), float("inf"))
    si = shifted[:, None]
    sj = shifted[None, :]
    before = (sj < si) | ((sj == si) & (cols[None, :] < cols[:, None]))
    before = before & valid[None, :]
    rank = tl.sum(before.to(tl.int32), axis=1)
    cum = tl.sum(tl.where(before, p[None, :], 0.0), axis=1) + p
    last = tl.sum((valid & (cum < mass)).to(tl.int32), axis=0)
    last = tl.minimum(last, vocab - 1)
    keep = rank <= last
    out = tl.where(keep, x, fill)
    tl.store(out_ptr + row * stride_out + cols, out, mask=valid)


class ModelNew(nn.Module):
    def __init__(self, mass: float):
        super().__init__()
        self.mass = mass

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        scores = scores.contiguous()
        batch, vocab = scores.shape
        out = torch.empty_like(scores)
        BLOCK_V = triton.next_power_of_2(vocab)
        typical_kernel[(batch,)](scores, out, vocab, scores.stride(0), out.stride(0), self.mass, FILTER_VALUE,
                                 BLOCK_V=BLOCK_V)
        return out
