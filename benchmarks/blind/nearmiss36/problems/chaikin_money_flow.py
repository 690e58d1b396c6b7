"""Chaikin money flow over a rolling window (TA-Lib / pandas-ta style); 0 before the first full window."""

import torch
import torch.nn as nn

batch_size = 4
length = 700
period = 20


class Model(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, high, low, close, volume):
        rng = high - low
        mfm = torch.where(rng > 0, ((close - low) - (high - close)) / torch.where(rng > 0, rng, torch.ones_like(rng)),
                          torch.zeros_like(rng))
        mfv = mfm * volume
        p = self.period
        mfv_sum = mfv.unfold(1, p, 1).sum(dim=2)
        vol_sum = volume.unfold(1, p, 1).sum(dim=2)
        out = torch.zeros_like(close)
        out[:, p - 1:] = mfv_sum / vol_sum
        return out


def get_inputs():
    steps = 0.5 * torch.randn(batch_size, length)
    mid = 50.0 + torch.cumsum(steps, dim=1)
    spread = torch.rand(batch_size, length) * 2.0
    spread[:, ::9] = 0.0
    high = mid + spread
    low = mid - spread * torch.rand(batch_size, length)
    close = low + (high - low) * torch.rand(batch_size, length)
    volume = 100.0 + 900.0 * torch.rand(batch_size, length)
    return [high, low, close, volume]


def get_init_inputs():
    return [period]
