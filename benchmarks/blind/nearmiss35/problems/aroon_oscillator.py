"""Aroon oscillator (TA-Lib AROONOSC): over the window of the last period + 1 bars, Aroon up = 100 (period -
bars since the highest high) / period and Aroon down likewise with the lowest low (the most recent bar wins
a tie); the oscillator is up - down, 0 for the first `period` bars."""

import torch
import torch.nn as nn

num_series = 16
length = 300
period = 14


class Model(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, high: torch.Tensor, low: torch.Tensor) -> torch.Tensor:
        p = self.period
        wh = high.unfold(1, p + 1, 1).flip(-1)
        wl = low.unfold(1, p + 1, 1).flip(-1)
        since_h = wh.argmax(dim=-1).to(high.dtype)
        since_l = wl.argmin(dim=-1).to(high.dtype)
        osc = 100.0 * (p - since_h) / p - 100.0 * (p - since_l) / p
        pad = torch.zeros(high.shape[0], p, device=high.device, dtype=high.dtype)
        return torch.cat([pad, osc], dim=1)


def get_inputs():
    mid = 100.0 + torch.cumsum(torch.randn(num_series, length), dim=1)
    spread = 0.2 + torch.rand(num_series, length)
    return [mid + spread, mid - spread]


def get_init_inputs():
    return [period]
