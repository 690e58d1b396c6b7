"""Triton spectral roll-off: a (frequency, frame) tile per program with a scan along frequency."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rolloff_kernel(s_ptr, out_ptr, n_freq, n_frames, roll, BLOCK_F: tl.constexpr, BLOCK_T: tl.constexpr):
    b = tl.program_id(0)
    ts = tl.program_id(1) * BLOCK_T + tl.arange(0, BLOCK_T)
    fs = tl.arange(0, BLOCK_F)
    m = (fs[:, None] < n_freq) & (ts[None, :] < n_frames)
    s = tl.load(s_ptr + b * n_freq * n_frames + fs[:, None] * n_frames + ts[None, :], mask=m, other=0.0)
    total = tl.sum(s, axis=0)
    cs = tl.cumsum(s, axis=0)
    below = (cs < roll * total[None, :]) & m
    idx = tl.sum(below.to(tl.int64), axis=0)
    tl.store(out_ptr + b * n_frames + ts, idx, mask=ts < n_frames)


class ModelNew(nn.Module):
    def __init__(self, roll: float):
        super().__init__()
        self.roll = roll

    def forward(self, spec):
        spec = spec.contiguous()
        n_b, n_freq, n_frames = spec.shape
        out = torch.empty(n_b, n_frames, device=spec.device, dtype=torch.int64)
        BLOCK_T = 16
        rolloff_kernel[(n_b, triton.cdiv(n_frames, BLOCK_T))](spec, out, n_freq, n_frames, self.roll,
                                                              BLOCK_F=triton.next_power_of_2(n_freq),
                                                              BLOCK_T=BLOCK_T)
        return out
