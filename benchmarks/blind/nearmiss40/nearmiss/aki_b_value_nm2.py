"""Triton Aki/Utsu b-value: one program per catalogue, two chunk passes (mean, then squared deviations)."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def b_value_kernel(m_ptr, len_ptr, mc_ptr, out_ptr, m_stride, out_stride, half_bin, log10e,
                   BLOCK: tl.constexpr):
    cat = tl.program_id(0)
    length = tl.load(len_ptr + cat)
    mc = tl.load(mc_ptr + cat)
    row = m_ptr + cat * m_stride
    s = tl.zeros([BLOCK], dtype=tl.float32)
    cnt = tl.zeros([BLOCK], dtype=tl.float32)
    for i0 in range(0, length, BLOCK):
        i = i0 + tl.arange(0, BLOCK)
        valid = i < length
        mag = tl.load(row + i, mask=valid, other=0.0)
        sel = (mag >= mc) & valid
        s += tl.where(sel, mag, 0.0)
        cnt += sel.to(tl.float32)
    n = tl.sum(cnt, axis=0)
    mean = tl.sum(s, axis=0) / n
    ss = tl.zeros([BLOCK], dtype=tl.float32)
    for i0 in range(0, length, BLOCK):
        i = i0 + tl.arange(0, BLOCK)
        valid = i < length
        mag = tl.load(row + i, mask=valid, other=0.0)
        sel = valid & (mag >= mc)
        dev = tl.where(sel, mag - mean, 0.0)
        ss += dev * dev
    b = log10e / (mean - (mc + half_bin))
    sigma = 2.30 * b * b * tl.sqrt(tl.sum(ss, axis=0) / (n * (n - 1.0)))
    tl.store(out_ptr + cat * out_stride, b)
    tl.store(out_ptr + cat * out_stride + 1, sigma)


class ModelNew(nn.Module):
    def __init__(self, bin_width: float):
        super().__init__()
        self.bin_width = bin_width

    def forward(self, mags: torch.Tensor, lengths: torch.Tensor, mc: torch.Tensor) -> torch.Tensor:
        mags = mags.contiguous()
        n_cat = mags.shape[0]
        out = torch.empty(n_cat, 2, device=mags.device, dtype=mags.dtype)
        BLOCK = 128
        b_value_kernel[(n_cat,)](mags, lengths.contiguous(), mc.contiguous(), out, mags.stride(0), out.stride(0),
                                 0.5 * self.bin_width, math.log10(math.e), BLOCK=BLOCK)
        return out
