"""Average true range (Wilder): true range from high, low and the previous close, seeded with the mean of the first
`period` values and then smoothed recursively; one value per bar from bar period - 1 on."""

import torch
import torch.nn as nn

batch_size = 40
length = 120
period = 14


class Model(nn.Module):
    def __init__(self, n_period: int):
        super().__init__()
        self.n_period = n_period

    def forward(self, high: torch.Tensor, low: torch.Tensor, close: torch.Tensor) -> torch.Tensor:
        p = self.n_period
        prev = close[:, :-1]
        h = high[:, 1:]
        lo = low[:, 1:]
        tr = torch.maximum(h - lo, torch.maximum((h - prev).abs(), (lo - prev).abs()))
        tr = torch.cat([high[:, :1] - low[:, :1], tr], dim=1)
        atr = [tr[:, :p].mean(dim=1)]
        for t in range(p, tr.shape[1]):
            atr.append((atr[-1] * (p - 1) + tr[:, t]) / p)
        return torch.stack(atr, dim=1)


def get_inputs():
    close = 100.0 + torch.cumsum(torch.randn(batch_size, length) * 1.5, dim=1)
    high = close + torch.rand(batch_size, length) * 1.5
    low = close - torch.rand(batch_size, length) * 1.5
    return [high, low, close]


def get_init_inputs():
    return [period]
