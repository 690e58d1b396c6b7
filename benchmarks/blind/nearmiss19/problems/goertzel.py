"""Goertzel algorithm: power of DFT bin k of every signal row (second-order recurrence over time)."""

import math

import torch
import torch.nn as nn

batch_size = 16
num_samples = 400
target_bin = 37


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        coeff = 2.0 * math.cos(2.0 * math.pi * self.k / n)
        s1 = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
        s2 = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
        for i in range(n):
            s = x[:, i] + coeff * s1 - s2
            s2 = s1
            s1 = s
        return s1 * s1 + s2 * s2 - coeff * s1 * s2


def get_inputs():
    t = torch.arange(num_samples, dtype=torch.float32)
    f = target_bin + 3.0 * (torch.rand(batch_size, 1) - 0.5)
    amp = torch.rand(batch_size, 1)
    phase = 2 * math.pi * torch.rand(batch_size, 1)
    x = amp * torch.sin(2 * math.pi * f * t / num_samples + phase) + 0.3 * torch.randn(batch_size, num_samples)
    return [x]


def get_init_inputs():
    return [target_bin]
