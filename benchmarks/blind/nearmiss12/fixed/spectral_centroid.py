"""Triton spectral centroid: (freq, time) tiles reduced over the frequency axis."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _centroid_kernel(s_ptr, out_ptr, F, T, step, BLOCK_F: tl.constexpr, BLOCK_T: tl.constexpr):
    b = tl.program_id(0)
    t = tl.program_id(1) * BLOCK_T + tl.arange(0, BLOCK_T)
    f = tl.arange(0, BLOCK_F)
    mask = (f[:, None] < F) & (t[None, :] < T)
    s = tl.load(s_ptr + b * F * T + f[:, None] * T + t[None, :], mask=mask, other=0.0)
    freq = f.to(tl.float32) * step
    num = tl.sum(freq[:, None] * s, axis=0)
    den = tl.sum(s, axis=0)
    tl.store(out_ptr + b * T + t, num / den, mask=t < T)


class ModelNew(nn.Module):
    def __init__(self, sample_rate=16000):
        super().__init__()
        self.sample_rate = sample_rate

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        s = spec.contiguous()
        B, F, T = s.shape
        out = torch.empty((B, T), dtype=s.dtype, device=s.device)
        step = (self.sample_rate // 2) / (F - 1)
        BLOCK_F = triton.next_power_of_2(F)
        BLOCK_T = 16
        _centroid_kernel[(B, triton.cdiv(T, BLOCK_T))](s, out, F, T, step, BLOCK_F=BLOCK_F, BLOCK_T=BLOCK_T)
        return out
