"""Triton YaRN rotary cosine table: (position, frequency) tiles."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def yarn_cos_kernel(pos_ptr, out_ptr, n_pos, half, log_base, dim, factor, low, high, mscale,
                    BP: tl.constexpr, BF: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BP + tl.arange(0, BP)
    cols = tl.arange(0, BF)
    rmask = rows < n_pos
    cmask = cols < half
    pos = tl.load(pos_ptr + rows, mask=rmask, other=0.0)
    fi = cols.to(tl.float32)
    inv_extra = tl.exp(-(2.0 * fi / dim) * log_base)
    inv_inter = inv_extra / factor
    ramp = (fi - low) / (high - low)
    extra_w = 1.0 - ramp
    inv_freq = inv_inter * (1.0 - extra_w) + inv_extra * extra_w
    ang = pos[:, None] * inv_freq[None, :]
    offs = rows[:, None] * half + cols[None, :]
    tl.store(out_ptr + offs, tl.cos(ang) * mscale, mask=rmask[:, None] & cmask[None, :])


def _correction_dim(num_rotations, dim, base, max_pos):
    return (dim * math.log(max_pos / (num_rotations * 2 * math.pi))) / (2 * math.log(base))


class ModelNew(nn.Module):
    def __init__(self, dim, base, factor, original_max_pos, beta_fast=32.0, beta_slow=1.0):
        super().__init__()
        self.dim = dim
        self.base = float(base)
        self.factor = float(factor)
        self.original_max_pos = original_max_pos
        self.beta_fast = beta_fast
        self.beta_slow = beta_slow

    def forward(self, positions: torch.Tensor) -> torch.Tensor:
        positions = positions.contiguous()
        half = self.dim // 2
        low = math.floor(_correction_dim(self.beta_fast, self.dim, self.base, self.original_max_pos))
        high = math.ceil(_correction_dim(self.beta_slow, self.dim, self.base, self.original_max_pos))
        low, high = max(low, 0), min(high, self.dim - 1)
        if low == high:
            high += 0.001
        mscale = 0.1 * math.log(self.factor) + 1.0
        out = torch.empty(*positions.shape, half, device=positions.device, dtype=torch.float32)
        n_pos = positions.numel()
        BP = 16
        BF = triton.next_power_of_2(half)
        grid = (triton.cdiv(n_pos, BP),)
        yarn_cos_kernel[grid](positions, out, n_pos, half, math.log(self.base), float(self.dim), self.factor,
                              float(low), float(high), mscale, BP=BP, BF=BF)
        return out
