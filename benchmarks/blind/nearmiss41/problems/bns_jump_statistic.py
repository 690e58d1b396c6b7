"""Barndorff-Nielsen-Shephard jump test of intraday returns (Huang-Tauchen ratio statistic)."""

import math

import torch
import torch.nn as nn

num_days = 48
num_returns = 384


class Model(nn.Module):
    """Realised variance, bipower variation and the BNS ratio z statistic of each trading day.

    log_prices: (D, n + 1) intraday log prices in percent (100 ln P), n returns per day.
    RV = sum r_i^2; BV = mu1^-2 n / (n - 1) sum |r_i| |r_i-1|; TQ = n mu43^-3 n / (n - 2)
    sum |r_i r_i-1 r_i-2|^(4/3); z = ((RV - BV) / RV) / sqrt(((pi / 2)^2 + pi - 5) / n max(1, TQ / BV^2)).
    Returns (D, 3): RV, BV, z.
    """

    def __init__(self):
        super().__init__()

    def forward(self, log_prices):
        r = log_prices[:, 1:] - log_prices[:, :-1]
        n = r.shape[1]
        a = r.abs()
        mu1 = math.sqrt(2.0 / math.pi)
        mu43 = 2.0 ** (2.0 / 3.0) * math.gamma(7.0 / 6.0) / math.gamma(0.5)
        rv = (r * r).sum(1)
        bv = (a[:, 1:] * a[:, :-1]).sum(1) * (n / (n - 1) / mu1 ** 2)
        g = a.pow(4.0 / 3.0)
        tq = (g[:, 2:] * g[:, 1:-1] * g[:, :-2]).sum(1) * (n * n / (n - 2) / mu43 ** 3)
        theta = (math.pi / 2.0) ** 2 + math.pi - 5.0
        rj = (rv - bv) / rv
        z = rj / torch.sqrt(theta / n * torch.clamp(tq / (bv * bv), min=1.0))
        return torch.stack([rv, bv, z], 1)


def get_inputs():
    sigma = 0.6 + 1.4 * torch.rand(num_days, 1)
    r = torch.randn(num_days, num_returns) * sigma / math.sqrt(num_returns)
    jumps = (torch.rand(num_days, num_returns) < 0.004).float() * torch.randn(num_days, num_returns) * 0.6
    r = r + jumps
    p0 = torch.randn(num_days, 1)
    log_prices = torch.cat([p0, p0 + torch.cumsum(r, 1)], 1)
    return [log_prices]


def get_init_inputs():
    return []
