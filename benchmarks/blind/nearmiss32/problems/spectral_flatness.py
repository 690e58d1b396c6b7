"""Spectral flatness (Wiener entropy) per frame of a power spectrogram: geometric mean / arithmetic mean over frequency bins, librosa-style amin floor."""

import torch
import torch.nn as nn

batch_size = 3
n_freq = 128
n_frames = 50


class Model(nn.Module):
    def __init__(self, amin: float = 1e-10):
        super().__init__()
        self.amin = amin

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        s = torch.clamp(spec, min=self.amin)
        gmean = torch.exp(torch.log(s).mean(dim=1))
        amean = s.mean(dim=1)
        return gmean / amean


def get_inputs():
    return [torch.randn(batch_size, n_freq, n_frames) ** 2]


def get_init_inputs():
    return []
