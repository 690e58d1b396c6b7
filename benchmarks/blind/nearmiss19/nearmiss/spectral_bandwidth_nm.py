"""Spectral bandwidth in Triton: a (frequency chunk x frame tile) sweep for the centroid, a second sweep
for the spread."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _bandwidth_kernel(s_ptr, out_ptr, F, T, df, BF: tl.constexpr, BT: tl.constexpr):
    b = tl.program_id(0)
    t = tl.program_id(1) * BT + tl.arange(0, BT)
    tmask = t < T
    base = s_ptr + b * F * T
    ss = tl.zeros([BT], tl.float32)
    fs = tl.zeros([BT], tl.float32)
    for f0 in range(0, F, BF):
        f = f0 + tl.arange(0, BF)
        m = (f[:, None] < F) & tmask[None, :]
        s = tl.load(base + f[:, None] * T + t[None, :], mask=m, other=0.0)
        freq = f.to(tl.float32) * df
        ss += tl.sum(tl.abs(s), axis=0)
        fs += tl.sum(s * freq[:, None], axis=0)
    c = fs
    acc = tl.zeros([BT], tl.float32)
    for f0 in range(0, F, BF):
        f = f0 + tl.arange(0, BF)
        m = (f[:, None] < F) & tmask[None, :]
        s = tl.load(base + f[:, None] * T + t[None, :], mask=m, other=0.0)
        d = f.to(tl.float32)[:, None] * df - c[None, :]
        acc += tl.sum(s * d * d, axis=0)
    tl.store(out_ptr + b * T + t, tl.sqrt(acc / ss), mask=tmask)


class ModelNew(nn.Module):
    def __init__(self, sr: int, n_fft: int):
        super().__init__()
        self.sr = sr
        self.n_fft = n_fft

    def forward(self, S: torch.Tensor) -> torch.Tensor:
        S = S.contiguous()
        b, n_bins, n_frames = S.shape
        df = (self.sr / 2) / (n_bins - 1)
        out = torch.empty((b, n_frames), dtype=S.dtype, device=S.device)
        BF, BT = 64, 16
        grid = (b, triton.cdiv(n_frames, BT))
        _bandwidth_kernel[grid](S, out, n_bins, n_frames, df, BF=BF, BT=BT)
        return out
