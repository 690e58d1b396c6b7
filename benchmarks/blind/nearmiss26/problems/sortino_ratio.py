"""Annualised Sortino ratio of daily return series: (mean(R) - target) / downside deviation * sqrt(periods),
with downside deviation sqrt(mean(min(R - target, 0)^2)) taken over all periods."""

import math

import torch
import torch.nn as nn

num_series = 32
num_days = 504
periods = 252


class Model(nn.Module):
    def __init__(self, periods: int, target: float = 0.0002):
        super().__init__()
        self.periods = periods
        self.target = target

    def forward(self, returns: torch.Tensor) -> torch.Tensor:
        excess = returns - self.target
        downside = torch.clamp(excess, max=0.0)
        dd = torch.sqrt((downside * downside).mean(dim=1))
        return (returns.mean(dim=1) - self.target) / dd * math.sqrt(self.periods)


def get_inputs():
    mu = -0.0005 + 0.002 * torch.rand(num_series, 1)
    sigma = 0.005 + 0.015 * torch.rand(num_series, 1)
    return [mu + sigma * torch.randn(num_series, num_days)]


def get_init_inputs():
    return [periods]
