"""Kaufman's adaptive moving average (KAMA): efficiency-ratio driven exponential smoothing of price series."""

import torch
import torch.nn as nn

num_series = 40
length = 200
period = 10

FAST = 2.0 / 3.0
SLOW = 2.0 / 31.0


class Model(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, price: torch.Tensor) -> torch.Tensor:
        n = self.period
        length = price.shape[1]
        step = (price[:, 1:] - price[:, :-1]).abs()
        out = torch.empty_like(price)
        out[:, :n] = price[:, :n]
        kama = price[:, n - 1]
        for t in range(n, length):
            change = (price[:, t] - price[:, t - n]).abs()
            vol = step[:, t - n:t].sum(dim=1)
            er = torch.where(vol > 0, change / torch.where(vol > 0, vol, torch.ones_like(vol)), torch.zeros_like(vol))
            sc = (er * (FAST - SLOW) + SLOW) ** 2
            kama = kama + sc * (price[:, t] - kama)
            out[:, t] = kama
        return out


def get_inputs():
    drift = 0.3 * torch.randn(num_series, 1)
    steps = drift + torch.randn(num_series, length)
    return [100.0 + torch.cumsum(steps, dim=1)]


def get_init_inputs():
    return [period]
