"""Triton RoPE angle table with Llama-3 frequency scaling: 2-D grid of (position tile, frequency tile), frequencies scaled in the tile."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def llama3_angle_kernel(f_ptr, p_ptr, out_ptr, P, D, o_s0, factor, low_ff, high_ff, old_ctx, two_pi,
                        BP: tl.constexpr, BD: tl.constexpr):
    rp = tl.program_id(0) * BP + tl.arange(0, BP)
    rd = tl.program_id(1) * BD + tl.arange(0, BD)
    pm = rp < P
    dm = rd < D
    f = tl.load(f_ptr + rd, mask=dm, other=1.0)
    pos = tl.load(p_ptr + rp, mask=pm, other=0.0)
    low_wl = old_ctx / low_ff
    high_wl = old_ctx / high_ff
    wavelen = two_pi / f
    fl = tl.where(wavelen > low_wl, f / factor, f)
    smooth = (old_ctx / wavelen - low_ff) / (high_ff - low_ff)
    smoothed = smooth * fl / factor + (1.0 - smooth) * fl
    medium = (wavelen >= high_wl) & (wavelen <= low_wl)
    scaled = tl.where(medium, smoothed, fl)
    tl.store(out_ptr + rp[:, None] * o_s0 + rd[None, :], pos[:, None] * scaled[None, :], mask=pm[:, None] & dm[None, :])


class ModelNew(nn.Module):
    def __init__(self, factor: float, low_freq_factor: float, high_freq_factor: float, old_context_len: int):
        super().__init__()
        self.factor = factor
        self.low_freq_factor = low_freq_factor
        self.high_freq_factor = high_freq_factor
        self.old_context_len = old_context_len

    def forward(self, inv_freq: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        inv_freq = inv_freq.contiguous()
        positions = positions.contiguous()
        P = positions.shape[0]
        D = inv_freq.shape[0]
        out = torch.empty(P, D, dtype=inv_freq.dtype, device=inv_freq.device)
        BP, BD = 16, 64
        llama3_angle_kernel[(triton.cdiv(P, BP), triton.cdiv(D, BD))](
            inv_freq, positions, out, P, D, out.stride(0), self.factor, self.low_freq_factor,
            self.high_freq_factor, float(self.old_context_len), 2 * math.pi, BP=BP, BD=BD)
        return out
