"""Wilder's relative strength index (RSI) of price series: gains / losses of consecutive changes, seeded with
the plain mean of the first `period` changes, then Wilder smoothing avg = (avg * (period - 1) + x) / period;
RSI = 100 - 100 / (1 + avg_gain / avg_loss). Output: the RSI after change period, period + 1, ..., T - 1."""

import torch
import torch.nn as nn

num_series = 100
num_prices = 64
period = 14


class Model(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, prices: torch.Tensor) -> torch.Tensor:
        p = self.period
        d = prices[:, 1:] - prices[:, :-1]
        gain = torch.clamp(d, min=0.0)
        loss = torch.clamp(-d, min=0.0)
        avg_gain = gain[:, :p].sum(dim=1) / p
        avg_loss = loss[:, :p].sum(dim=1) / p
        out = [100.0 - 100.0 / (1.0 + avg_gain / avg_loss)]
        for t in range(p, d.shape[1]):
            avg_gain = (avg_gain * (p - 1) + gain[:, t]) / p
            avg_loss = (avg_loss * (p - 1) + loss[:, t]) / p
            out.append(100.0 - 100.0 / (1.0 + avg_gain / avg_loss))
        return torch.stack(out, dim=1)


def get_inputs():
    steps = torch.randn(num_series, num_prices) + 0.3 * torch.randn(num_series, 1)
    return [50.0 + torch.cumsum(steps, dim=1)]


def get_init_inputs():
    return [period]
