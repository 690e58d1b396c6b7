"""Spectral flux: L2 norm of the positive frame-to-frame magnitude increase (first frame 0)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
n_freq = 129
n_frames = 60


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, spec):
        d = spec[:, :, 1:] - spec[:, :, :-1]
        flux = torch.relu(d).pow(2).sum(dim=1).sqrt()
        return F.pad(flux, (1, 0))


def get_inputs():
    return [torch.randn(batch_size, n_freq, n_frames).abs()]


def get_init_inputs():
    return []
