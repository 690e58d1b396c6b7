"""Peak envelope follower with separate attack / release one-pole smoothing (times in ms):
y[n] = a * y[n-1] + (1 - a) * |x[n]|, a = attack coefficient while |x[n]| > y[n-1], else release;
y[-1] = 0."""

import math

import torch
import torch.nn as nn

batch_size = 6
num_samples = 256
sample_rate = 8000


class Model(nn.Module):
    def __init__(self, sample_rate, attack_ms=1.0, release_ms=20.0):
        super().__init__()
        self.att = math.exp(-1000.0 / (attack_ms * sample_rate))
        self.rel = math.exp(-1000.0 / (release_ms * sample_rate))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        y = torch.zeros(x.shape[0], device=x.device, dtype=x.dtype)
        for n in range(x.shape[1]):
            a = x[:, n].abs()
            coef = torch.where(a > y, torch.full_like(y, self.att), torch.full_like(y, self.rel))
            y = coef * y + (1.0 - coef) * a
            out[:, n] = y
        return out


def get_inputs():
    t = torch.arange(num_samples, dtype=torch.float32)
    bursts = (torch.sin(t[None, :] * 0.05 + torch.rand(batch_size, 1) * 6.0) > 0.3).float()
    x = torch.randn(batch_size, num_samples) * (0.1 + bursts)
    return [x]


def get_init_inputs():
    return [sample_rate]
