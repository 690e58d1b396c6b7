"""Spectral roll-off bin per frame: first frequency bin whose cumulative power reaches a fraction of the total."""

import torch
import torch.nn as nn

batch_size = 2
n_freq = 201
n_frames = 50
roll_percent = 0.85


class Model(nn.Module):
    def __init__(self, roll: float):
        super().__init__()
        self.roll = roll

    def forward(self, spec):
        total = spec.sum(dim=1, keepdim=True)
        cs = spec.cumsum(dim=1)
        return (cs < self.roll * total).sum(dim=1)


def get_inputs():
    return [torch.randn(batch_size, n_freq, n_frames) ** 2]


def get_init_inputs():
    return [roll_percent]
