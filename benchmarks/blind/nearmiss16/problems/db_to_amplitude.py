"""Decibels back to power / amplitude (torchaudio DB_to_amplitude): ref * (10 ** (0.1 * x)) ** power."""

import torch
import torch.nn as nn

batch_size = 8
num_bins = 201
num_frames = 50


class Model(nn.Module):
    def __init__(self, ref=1.0, power=0.5):
        super().__init__()
        self.ref = ref
        self.power = power

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.ref * torch.pow(torch.pow(10.0, 0.1 * x), self.power)


def get_inputs():
    return [torch.randn(batch_size, num_bins, num_frames) * 15.0 - 20.0]


def get_init_inputs():
    return [1.0, 0.5]
