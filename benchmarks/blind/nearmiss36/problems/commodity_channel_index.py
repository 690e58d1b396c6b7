"""Commodity channel index (Lambert; TA-Lib CCI): (typical price - its SMA) / (0.015 x mean absolute deviation) over
a rolling window, computed in double precision as TA-Lib does; 0 before the first full window and where the
deviation is 0."""

import torch
import torch.nn as nn

batch_size = 4
length = 700
period = 20


class Model(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, high, low, close):
        tp = (high.double() + low.double() + close.double()) / 3.0
        win = tp.unfold(1, self.period, 1)
        sma = win.mean(dim=2)
        mad = (win - sma.unsqueeze(2)).abs().mean(dim=2)
        cur = tp[:, self.period - 1:]
        cci = torch.where(mad > 0, (cur - sma) / (0.015 * torch.where(mad > 0, mad, torch.ones_like(mad))),
                          torch.zeros_like(mad))
        out = torch.zeros_like(close)
        out[:, self.period - 1:] = cci.to(close.dtype)
        return out


def get_inputs():
    mid = 100.0 + torch.cumsum(0.8 * torch.randn(batch_size, length), dim=1)
    spread = 0.2 + 2.0 * torch.rand(batch_size, length)
    high = mid + spread
    low = mid - spread
    close = low + (high - low) * torch.rand(batch_size, length)
    return [high, low, close]


def get_init_inputs():
    return [period]
