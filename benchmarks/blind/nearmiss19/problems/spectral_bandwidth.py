"""Spectral bandwidth (librosa `spectral_bandwidth`, p = 2, norm = True) of a magnitude spectrogram:
per frame, sqrt(sum_f S_norm(f) * (f - centroid)^2) with S normalised to unit L1 norm over frequency."""

import torch
import torch.nn as nn

batch_size = 2
n_fft = 512
num_frames = 40
sample_rate = 16000


class Model(nn.Module):
    def __init__(self, sr: int, n_fft: int):
        super().__init__()
        self.sr = sr
        self.n_fft = n_fft

    def forward(self, S: torch.Tensor) -> torch.Tensor:
        n_bins = S.shape[1]
        freq = torch.linspace(0, self.sr / 2, n_bins, dtype=S.dtype, device=S.device)[:, None]
        S_norm = S / S.abs().sum(dim=1, keepdim=True)
        centroid = (freq * S_norm).sum(dim=1, keepdim=True)
        deviation = (freq - centroid).abs() ** 2
        return (S_norm * deviation).sum(dim=1).sqrt()


def get_inputs():
    n_bins = n_fft // 2 + 1
    tilt = torch.exp(-torch.arange(n_bins, dtype=torch.float32) / (n_bins * torch.rand(batch_size, 1, 1) + 8.0))
    S = torch.rand(batch_size, n_bins, num_frames) ** 2 * tilt.transpose(1, 2)
    return [S]


def get_init_inputs():
    return [sample_rate, n_fft]
