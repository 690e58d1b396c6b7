"""Feed-forward flanger: a sinusoidally modulated fractional delay (linear interpolation) mixed with the dry signal."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_samples = 500

BASE_DELAY = 2.0
DEPTH = 9.0
LFO_STEP = 2.0 * math.pi / 311.0
MIX = 0.7


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, phase: torch.Tensor) -> torch.Tensor:
        n = torch.arange(x.shape[1], device=x.device, dtype=x.dtype)
        delay = BASE_DELAY + DEPTH * 0.5 * (1.0 + torch.sin(LFO_STEP * n[None, :] + phase[:, None]))
        pos = n[None, :] - delay
        i0 = torch.floor(pos)
        frac = pos - i0
        i0 = i0.long()
        i1 = i0 + 1
        x0 = torch.where(i0 >= 0, torch.gather(x, 1, i0.clamp(min=0)), torch.zeros_like(x))
        x1 = torch.where(i1 >= 0, torch.gather(x, 1, i1.clamp(min=0)), torch.zeros_like(x))
        wet = x0 * (1.0 - frac) + x1 * frac
        return x + MIX * wet


def get_inputs():
    n = torch.arange(num_samples, dtype=torch.float32)
    freq = 2.0 * math.pi / (20.0 + 60.0 * torch.rand(batch_size, 3, 1))
    tone = torch.sin(freq * n + 2.0 * math.pi * torch.rand(batch_size, 3, 1)).sum(dim=1)
    x = 0.5 * tone + 0.1 * torch.randn(batch_size, num_samples)
    phase = torch.rand(batch_size) * 2.0 * math.pi
    return [x, phase]


def get_init_inputs():
    return []
