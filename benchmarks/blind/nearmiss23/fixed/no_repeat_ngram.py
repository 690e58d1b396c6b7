"""Triton no-repeat-n-gram processor: one program per sequence; window matches over start positions with a
static loop over the n - 1 prefix tokens, then a (position x vocab) tile marks the banned tokens."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ngram_ban_kernel(ids_ptr, scores_ptr, out_ptr, L, V, fill_value, NG: tl.constexpr,
                     BL: tl.constexpr, BV: tl.constexpr):
    r = tl.program_id(0)
    t = tl.arange(0, BL)
    rv = tl.arange(0, BV)
    starts = t <= L - NG
    match = starts
    for k in tl.static_range(NG - 1):
        a = tl.load(ids_ptr + r * L + t + k, mask=starts, other=-1)
        p = tl.load(ids_ptr + r * L + L - NG + 1 + k)
        match = match & (a == p)
    nxt = tl.load(ids_ptr + r * L + t + NG - 1, mask=starts, other=-1)
    hit = match[:, None] & (nxt[:, None] == rv[None, :])
    banned = tl.max(hit.to(tl.int32), axis=0) > 0
    mv = rv < V
    s = tl.load(scores_ptr + r * V + rv, mask=mv, other=0.0)
    tl.store(out_ptr + r * V + rv, tl.where(banned, fill_value, s), mask=mv)


class ModelNew(nn.Module):
    def __init__(self, ngram_size, fill_value=-10000.0):
        super().__init__()
        self.n, self.fill_value = ngram_size, fill_value

    def forward(self, input_ids, scores):
        ids = input_ids.contiguous()
        scores = scores.contiguous()
        b, l = ids.shape
        v = scores.shape[1]
        out = torch.empty_like(scores)
        ngram_ban_kernel[(b,)](ids, scores, out, l, v, self.fill_value, NG=self.n,
                               BL=triton.next_power_of_2(l), BV=triton.next_power_of_2(v))
        return out
