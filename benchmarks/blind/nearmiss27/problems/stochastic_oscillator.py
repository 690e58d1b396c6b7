"""Fast stochastic oscillator (%K over a lookback, %D its short simple average) of price series."""

import torch
import torch.nn as nn

num_series = 8
num_bars = 300
lookback = 14
smooth = 3


class Model(nn.Module):
    def __init__(self, n: int, d: int):
        super().__init__()
        self.n = n
        self.d = d

    def forward(self, high: torch.Tensor, low: torch.Tensor, close: torch.Tensor) -> torch.Tensor:
        # high, low, close: (B, T). Returns (B, 2, T) = [%K, %D]; %K is defined from bar n-1 on and %D
        # from bar n+d-2 on (0 before). %K_t = 100 (C_t - LL) / (HH - LL) over bars t-n+1..t.
        n, d = self.n, self.d
        b, t = close.shape
        hh = high.unfold(1, n, 1).amax(-1)
        ll = low.unfold(1, n, 1).amin(-1)
        k_valid = 100.0 * (close[:, n - 1:] - ll) / (hh - ll)
        k = torch.zeros_like(close)
        k[:, n - 1:] = k_valid
        dd = torch.zeros_like(close)
        dd[:, n + d - 2:] = k_valid.unfold(1, d, 1).mean(-1)
        return torch.stack([k, dd], dim=1)


def get_inputs():
    steps = 0.01 * torch.randn(num_series, num_bars)
    close = 100.0 * torch.exp(torch.cumsum(steps, dim=1))
    spread_h = close * 0.008 * torch.rand(num_series, num_bars)
    spread_l = close * 0.008 * torch.rand(num_series, num_bars)
    return [close + spread_h, close - spread_l, close]


def get_init_inputs():
    return [lookback, smooth]
