"""Pairwise phase-locking value between channels: |time mean of exp(i (phi_a - phi_b))|."""

import math

import torch
import torch.nn as nn

batch_size = 2
num_channels = 12
num_samples = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, phase: torch.Tensor) -> torch.Tensor:
        d = phase[:, :, None, :] - phase[:, None, :, :]
        c = torch.cos(d).mean(dim=-1)
        s = torch.sin(d).mean(dim=-1)
        return torch.sqrt(c * c + s * s)


def get_inputs():
    t = torch.arange(num_samples).float()
    freq = 0.05 + 0.01 * torch.rand(batch_size, 1, 1)
    drift = 0.004 * torch.randn(batch_size, num_channels, 1)
    noise_level = 0.2 + 1.8 * torch.rand(batch_size, num_channels, 1)
    walk = torch.cumsum(0.15 * torch.randn(batch_size, num_channels, num_samples), dim=-1)
    raw = 2 * math.pi * freq * t + drift * t + noise_level * torch.randn(batch_size, num_channels, num_samples) + 0.3 * walk
    phase = torch.remainder(raw + math.pi, 2 * math.pi) - math.pi
    return [phase]


def get_init_inputs():
    return []
