"""Triton log-mel: 3-D grid of (example, mel block, frame block), a runtime loop over frequency bins, clamp + log."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


def _mel_fbanks(n_freqs: int, n_mels: int, sample_rate: int) -> torch.Tensor:
    all_freqs = torch.linspace(0, sample_rate // 2, n_freqs)
    m_max = 2595.0 * math.log10(1.0 + (sample_rate / 2.0) / 700.0)
    m_pts = torch.linspace(0.0, m_max, n_mels + 2)
    f_pts = 700.0 * (10 ** (m_pts / 2595.0) - 1.0)
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts.unsqueeze(0) - all_freqs.unsqueeze(1)
    down = -slopes[:, :-2] / f_diff[:-1]
    up = slopes[:, 2:] / f_diff[1:]
    return torch.clamp(torch.minimum(down, up), min=0.0)


@triton.jit
def log_mel_kernel(s_ptr, fb_ptr, out_ptr, F, M, T, s_sb, s_sf, s_st,
                   BLOCK_M: tl.constexpr, BLOCK_T: tl.constexpr):
    b = tl.program_id(0)
    mels = tl.program_id(1) * BLOCK_M + tl.arange(0, BLOCK_M)
    t = tl.program_id(2) * BLOCK_T + tl.arange(0, BLOCK_T)
    mm = mels < M
    tm = t < T
    acc = tl.zeros([BLOCK_M, BLOCK_T], dtype=tl.float32)
    for f in range(F):
        w = tl.load(fb_ptr + f * M + mels, mask=mm, other=0.0)
        s = tl.load(s_ptr + b * s_sb + f * s_sf + t * s_st, mask=tm, other=0.0)
        acc += w[:, None] * s[None, :]
    y = tl.log(tl.maximum(acc, 1e-10))
    tl.store(out_ptr + b * M * T + mels[:, None] * T + t[None, :], y, mask=mm[:, None] & tm[None, :])


class ModelNew(nn.Module):
    def __init__(self, n_freqs: int, n_mels: int):
        super().__init__()
        self.register_buffer("fb", _mel_fbanks(n_freqs, n_mels, 16000))

    def forward(self, spec):
        B, F, T = spec.shape
        M = self.fb.shape[1]
        fb = self.fb.contiguous()
        out = torch.empty((B, M, T), device=spec.device, dtype=torch.float32)
        BLOCK_M, BLOCK_T = 16, 16
        grid = (B, triton.cdiv(M, BLOCK_M), triton.cdiv(T, BLOCK_T))
        log_mel_kernel[grid](spec, fb, out, F, M, T, spec.stride(0), spec.stride(2), spec.stride(2),
                             BLOCK_M=BLOCK_M, BLOCK_T=BLOCK_T)
        return out
