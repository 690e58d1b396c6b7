"""Normalised LMS adaptive FIR filter run over each channel; returns the a-priori error signal."""

import torch
import torch.nn as nn

num_channels = 50
length = 300
taps = 8

MU = 0.5
EPS = 1e-3


class Model(nn.Module):
    def __init__(self, taps: int):
        super().__init__()
        self.taps = taps

    def forward(self, x: torch.Tensor, d: torch.Tensor) -> torch.Tensor:
        c, n = x.shape
        xp = torch.cat([torch.zeros(c, self.taps - 1, device=x.device, dtype=x.dtype), x], dim=1)
        w = torch.zeros(c, self.taps, device=x.device, dtype=x.dtype)
        err = torch.empty_like(x)
        for i in range(n):
            u = xp[:, i:i + self.taps].flip(1)
            e = d[:, i] - torch.sum(w * u, dim=1)
            w = w + MU * e[:, None] * u / (EPS + torch.sum(u * u, dim=1, keepdim=True))
            err[:, i] = e
        return err


def get_inputs():
    x = torch.randn(num_channels, length)
    h = torch.randn(num_channels, taps) * 0.5
    xp = torch.cat([torch.zeros(num_channels, taps - 1), x], dim=1)
    d = torch.stack([torch.sum(xp[:, i:i + taps].flip(1) * h, dim=1) for i in range(length)], dim=1)
    return [x, d + 0.05 * torch.randn(num_channels, length)]


def get_init_inputs():
    return [taps]
