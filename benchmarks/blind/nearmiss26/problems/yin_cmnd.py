"""YIN pitch detection, first two steps: the squared difference function d(tau) of each analysis frame for lags
0..num_lags-1 over a window of (frame length - num_lags) samples, and its cumulative mean normalised form
d'(0) = 1, d'(tau) = d(tau) * tau / sum_{j=1..tau} d(j)."""

import math

import torch
import torch.nn as nn

num_frames = 16
window = 256
num_lags = 128


class Model(nn.Module):
    def __init__(self, num_lags: int):
        super().__init__()
        self.num_lags = num_lags

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        # frames: (F, window + num_lags)
        W = frames.shape[1] - self.num_lags
        x0 = frames[:, :W]
        d = torch.stack([((x0 - frames[:, tau:tau + W]) ** 2).sum(-1) for tau in range(self.num_lags)], dim=1)
        tau = torch.arange(1, self.num_lags, device=frames.device, dtype=frames.dtype)
        out = torch.ones_like(d)
        out[:, 1:] = d[:, 1:] * tau / torch.cumsum(d[:, 1:], dim=1)
        return out


def get_inputs():
    n = window + num_lags
    t = torch.arange(n, dtype=torch.float32)
    period = 20.0 + 80.0 * torch.rand(num_frames, 1)
    phase = 2 * math.pi * torch.rand(num_frames, 1)
    x = torch.sin(2 * math.pi * t / period + phase) + 0.4 * torch.sin(4 * math.pi * t / period)
    return [x + 0.2 * torch.randn(num_frames, n)]


def get_init_inputs():
    return [num_lags]
