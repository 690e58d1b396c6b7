"""Two-sided tabular CUSUM change detector (Page 1954): the target mean is the mean of the first `baseline`
samples of each series, drift k = 0.5 and decision interval h = 5. Returns, per series, the first time step at
which either side exceeds h (-1 if none) and the side that fired (+1 upper, -1 lower, 0 none; upper wins a tie)."""

import torch
import torch.nn as nn

num_series = 50
length = 400
baseline = 50


class Model(nn.Module):
    def __init__(self, baseline: int):
        super().__init__()
        self.baseline = baseline
        self.k = 0.5
        self.h = 5.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, length_ = x.shape
        mu = x[:, : self.baseline].mean(dim=1)
        d = x - mu[:, None]
        sp = torch.zeros(n, device=x.device, dtype=x.dtype)
        sn = torch.zeros(n, device=x.device, dtype=x.dtype)
        idx = torch.full((n,), -1, device=x.device, dtype=torch.int64)
        side = torch.zeros(n, device=x.device, dtype=torch.int64)
        for t in range(length_):
            sp = torch.clamp(sp + d[:, t] - self.k, min=0.0)
            sn = torch.clamp(sn - d[:, t] - self.k, min=0.0)
            hp = sp > self.h
            hn = sn > self.h
            new = (idx < 0) & (hp | hn)
            side = torch.where(new, torch.where(hp, 1, -1), side)
            idx = torch.where(new, t, idx)
        return torch.stack([idx, side], dim=1)


def get_inputs():
    x = torch.randn(num_series, length)
    onset = torch.randint(baseline * 2, length - 30, (num_series, 1))
    sign = torch.where(torch.rand(num_series, 1) < 0.5, -1.0, 1.0)
    amp = (0.6 + 1.4 * torch.rand(num_series, 1)) * sign
    amp = torch.where(torch.arange(num_series)[:, None] % 3 == 0, torch.zeros_like(amp), amp)
    t = torch.arange(length)[None, :]
    return [x + amp * (t >= onset).float()]


def get_init_inputs():
    return [baseline]
