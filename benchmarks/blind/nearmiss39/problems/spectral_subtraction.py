"""Power spectral subtraction with Berouti, Schwartz and Makhoul (1979) over-subtraction.

mag is a (signals, bins, frames) noisy STFT magnitude whose first noise_frames frames hold noise only.
The noise power N_f is the mean power of those frames. Per frame, SNR = 10 log10(sum_f |Y|^2 / sum_f N_f),
alpha = 4 - 0.15 clamp(SNR, -5, 20) (4 at 0 dB, 1 at 20 dB), and the cleaned magnitude is
sqrt(max(|Y|^2 - alpha N, beta N)) with the spectral floor beta.
"""

import math

import torch
import torch.nn as nn

num_signals = 2
num_bins = 65
num_frames = 120
NOISE_FRAMES = 8
FLOOR = 0.02


class Model(nn.Module):
    def __init__(self, noise_frames: int, floor: float):
        super().__init__()
        self.noise_frames = noise_frames
        self.floor = floor

    def forward(self, mag):
        p = mag * mag
        noise = p[:, :, : self.noise_frames].sum(dim=2, keepdim=True) / self.noise_frames
        snr = 10.0 * torch.log10(p.sum(dim=1, keepdim=True) / noise.sum(dim=1, keepdim=True))
        alpha = 4.0 - 0.15 * snr.clamp(-5.0, 20.0)
        clean = torch.maximum(p - alpha * noise, self.floor * noise)
        return torch.sqrt(clean)


def get_inputs():
    b, f, t = num_signals, num_bins, num_frames
    noise = torch.complex(torch.randn(b, f, t), torch.randn(b, f, t)) * 0.7
    level = torch.exp(torch.linspace(-3.0, 3.5, t))[torch.randperm(t)]
    level[:NOISE_FRAMES] = 0.0
    tones = torch.zeros(b, f, t)
    for s in range(b):
        for _ in range(4):
            tones[s, torch.randint(2, f - 2, (1,))] += 1.0
    tones = tones + 0.5 * (torch.roll(tones, 1, 1) + torch.roll(tones, -1, 1))
    phase = 2.0 * math.pi * torch.rand(b, f, t)
    sig = torch.polar(tones * level[None, None, :] * 2.0, phase)
    return [(noise + sig).abs()]


def get_init_inputs():
    return [NOISE_FRAMES, FLOOR]
