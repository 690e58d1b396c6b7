"""Spectral centroid (Hz) of each frame of a magnitude spectrogram laid out (batch, freq, time)."""

import torch
import torch.nn as nn

batch_size = 2
n_freq = 257
n_frames = 60
sample_rate = 16000


class Model(nn.Module):
    def __init__(self, sample_rate=16000):
        super().__init__()
        self.sample_rate = sample_rate

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        freqs = torch.linspace(0, self.sample_rate // 2, steps=spec.shape[-2], device=spec.device).reshape(-1, 1)
        return (freqs * spec).sum(dim=-2) / spec.sum(dim=-2)


def get_inputs():
    return [torch.randn(batch_size, n_freq, n_frames).abs() + 0.01]


def get_init_inputs():
    return [sample_rate]
