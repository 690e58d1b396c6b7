"""Peaking-EQ biquad coefficients (RBJ Audio EQ Cookbook) normalised by a0: rows [b0, b1, b2, a1, a2]."""

import math

import torch
import torch.nn as nn

num_filters = 3000
SAMPLE_RATE = 48000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, f0, gain_db, q):
        A = torch.exp(gain_db * (math.log(10.0) / 40.0))
        w0 = f0 * (2.0 * math.pi / SAMPLE_RATE)
        alpha = torch.sin(w0) / (2.0 * q)
        cw = torch.cos(w0)
        a0 = 1.0 + alpha / A
        return torch.stack([(1.0 + alpha * A) / a0, -2.0 * cw / a0, (1.0 - alpha * A) / a0,
                            -2.0 * cw / a0, (1.0 - alpha / A) / a0], dim=1)


def get_inputs():
    f0 = 20.0 * torch.exp(torch.rand(num_filters) * math.log(1000.0))
    gain_db = (torch.rand(num_filters) * 2.0 - 1.0) * 18.0
    q = 0.3 + torch.rand(num_filters) * 5.0
    return [f0, gain_db, q]


def get_init_inputs():
    return []
