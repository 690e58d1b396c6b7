"""Triton TrueSkill two-player update over match lanes; writes [mu_w, sigma_w, mu_l, sigma_l] rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def trueskill_kernel(out_ptr, muw_ptr, sw_ptr, mul_ptr, sl_ptr, n, beta, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    muw = tl.load(muw_ptr + offs, mask=mask, other=25.0)
    sw = tl.load(sw_ptr + offs, mask=mask, other=1.0)
    mul = tl.load(mul_ptr + offs, mask=mask, other=25.0)
    sl = tl.load(sl_ptr + offs, mask=mask, other=1.0)
    c2 = beta * beta + sw * sw + sl * sl
    c = tl.sqrt(c2)
    t = (muw - mul) / c
    pdf = tl.exp(-0.5 * t * t) * 0.3989422804014327
    cdf = 0.5 * (1.0 + tl.erf(t * 0.7071067811865476))
    v = pdf / cdf
    w = v * (v + t)
    tl.store(out_ptr + offs, muw + sw * sw / c * v, mask=mask)
    tl.store(out_ptr + n + offs, sw * tl.sqrt(1.0 - sw * sw / c2 * w), mask=mask)
    tl.store(out_ptr + 2 * n + offs, mul - sl * sl / c * v, mask=mask)
    tl.store(out_ptr + 3 * n + offs, sl * tl.sqrt(1.0 - sl * sl / c2 * w), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, beta: float = 25.0 / 6.0):
        super().__init__()
        self.beta = beta

    def forward(self, mu_w, sigma_w, mu_l, sigma_l):
        n = mu_w.numel()
        out = torch.empty(4, n, device=mu_w.device, dtype=mu_w.dtype)
        BLOCK = 1024
        trueskill_kernel[(triton.cdiv(n, BLOCK),)](out, mu_w, sigma_w, mu_l, sigma_l, n, self.beta, BLOCK=BLOCK)
        return out
