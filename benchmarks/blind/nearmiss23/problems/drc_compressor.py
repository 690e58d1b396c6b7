"""Feed-forward dynamic range compressor: dB level, hard-knee gain computer, one-pole attack / release
smoothing of the gain (dB), applied to the signal."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_samples = 160


class Model(nn.Module):
    def __init__(self, threshold_db=-12.0, ratio=4.0, attack_ms=1.0, release_ms=20.0, sample_rate=8000):
        super().__init__()
        self.threshold_db, self.ratio = threshold_db, ratio
        self.alpha_a = math.exp(-1.0 / (attack_ms * 1e-3 * sample_rate))
        self.alpha_r = math.exp(-1.0 / (release_ms * 1e-3 * sample_rate))

    def forward(self, x):
        level = 20.0 * torch.log10(x.abs() + 1e-6)
        over = level - self.threshold_db
        gc = torch.where(over > 0, -over * (1.0 - 1.0 / self.ratio), torch.zeros_like(over))
        g = torch.zeros(x.shape[0], device=x.device)
        out = torch.empty_like(x)
        for t in range(x.shape[1]):
            coef = torch.where(gc[:, t] < g, torch.full_like(g, self.alpha_a), torch.full_like(g, self.alpha_r))
            g = coef * g + (1.0 - coef) * gc[:, t]
            out[:, t] = x[:, t] * torch.pow(10.0, g / 20.0)
        return out


def get_inputs():
    return [torch.randn(batch_size, num_samples) * 0.5]


def get_init_inputs():
    return []
