"""Integer-factor interpolation of a batch of signals: zero-stuffing by `factor`, a causal FIR low-pass filter
(taps given), and a gain of `factor` to restore the amplitude. Output length is num_samples * factor."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 8
num_samples = 250
factor = 4
taps_per_phase = 6


class Model(nn.Module):
    def __init__(self, factor: int):
        super().__init__()
        self.factor = factor

    def forward(self, x: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        B, N = x.shape
        L = self.factor
        T = h.shape[0]
        up = torch.zeros(B, N * L, device=x.device, dtype=x.dtype)
        up[:, ::L] = x
        y = F.conv1d(F.pad(up, (T - 1, 0)).unsqueeze(1), h.flip(0).view(1, 1, T)).squeeze(1)
        return y * L


def get_inputs():
    x = torch.randn(batch_size, num_samples)
    T = factor * taps_per_phase
    n = torch.arange(T, dtype=torch.float32) - (T - 1) / 2
    sinc = torch.sinc(n / factor) / factor
    window = 0.5 - 0.5 * torch.cos(2 * math.pi * (torch.arange(T, dtype=torch.float32) + 0.5) / T)
    h = sinc * window + 0.01 * torch.randn(T)
    return [x, h]


def get_init_inputs():
    return [factor]
