"""Welch power spectral density (scipy.signal.welch defaults: periodic Hann window, half-segment overlap,
constant detrend per segment, one-sided density scaling with fs = 1, mean over segments)."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_samples = 1000
nperseg = 64


class Model(nn.Module):
    def __init__(self, nperseg: int):
        super().__init__()
        self.nperseg = nperseg

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = self.nperseg
        step = n - n // 2
        k = torch.arange(n, device=x.device, dtype=x.dtype)
        win = 0.5 - 0.5 * torch.cos(2.0 * math.pi * k / n)
        seg = x.unfold(-1, n, step)
        seg = seg - seg.mean(dim=-1, keepdim=True)
        spec = torch.fft.rfft(seg * win, dim=-1)
        p = (spec.real * spec.real + spec.imag * spec.imag) / (win * win).sum()
        if n % 2 == 0:
            p = torch.cat([p[..., :1], 2.0 * p[..., 1:-1], p[..., -1:]], dim=-1)
        else:
            p = torch.cat([p[..., :1], 2.0 * p[..., 1:]], dim=-1)
        return p.mean(dim=1)


def get_inputs():
    n = torch.arange(num_samples, dtype=torch.float32)
    f = 0.05 + 0.35 * torch.rand(batch_size, 1)
    x = (1.5 + torch.sin(2.0 * math.pi * f * n) + 0.4 * torch.cos(math.pi * n)
         + 0.5 * torch.randn(batch_size, num_samples))
    return [x]


def get_init_inputs():
    return [nperseg]
