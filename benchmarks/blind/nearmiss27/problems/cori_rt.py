"""Instantaneous reproduction number R_t by the Cori et al. method (posterior mean over a sliding window)."""

import torch
import torch.nn as nn

num_regions = 16
num_days = 120
si_len = 15
window = 7
prior_shape = 1
prior_scale = 5


class Model(nn.Module):
    def __init__(self, tau: int, shape: int, scale: int):
        super().__init__()
        self.tau = tau
        self.a = float(shape)
        self.b = float(scale)

    def forward(self, incidence: torch.Tensor, si: torch.Tensor) -> torch.Tensor:
        # incidence: (R, T) daily cases; si: (S,) serial-interval weights for lags 1..S.
        # Lambda_t = sum_s I_{t-s} w_s; R_t = (a + sum_window I) / (1/b + sum_window Lambda) over the days
        # t-tau+1..t; 0 for t < tau-1. Returns (R, T).
        r, t = incidence.shape
        s = si.shape[0]
        lam = torch.zeros_like(incidence)
        for lag in range(1, min(s, t - 1) + 1):
            lam[:, lag:] += incidence[:, :-lag] * si[lag - 1]
        num = incidence.unfold(1, self.tau, 1).sum(-1)
        den = lam.unfold(1, self.tau, 1).sum(-1)
        out = torch.zeros_like(incidence)
        out[:, self.tau - 1:] = (self.a + num) / (1.0 / self.b + den)
        return out


def get_inputs():
    days = torch.arange(num_days, dtype=torch.float32)
    peak = 40.0 + 40.0 * torch.rand(num_regions, 1)
    growth = 0.08 + 0.08 * torch.rand(num_regions, 1)
    decay = 0.03 + 0.05 * torch.rand(num_regions, 1)
    logl = torch.where(days < peak, growth * (days - peak), -decay * (days - peak))
    lam = 400.0 * torch.exp(logl) + 0.5
    inc = torch.poisson(lam)
    k = torch.arange(1, si_len + 1, dtype=torch.float32)
    mean, sd = 4.7, 2.9
    shape = (mean / sd) ** 2
    rate = mean / sd ** 2
    w = k ** (shape - 1) * torch.exp(-rate * k)
    return [inc, w / w.sum()]


def get_init_inputs():
    return [window, prior_shape, prior_scale]
