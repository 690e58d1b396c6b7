"""Holt's linear-trend exponential smoothing of each series (level initialised to the first value, trend to the
first difference); returns the smoothed level at every step."""

import torch
import torch.nn as nn

num_series = 64
length = 100


class Model(nn.Module):
    def __init__(self, alpha: float = 0.3, beta: float = 0.1):
        super().__init__()
        self.alpha = alpha
        self.beta = beta

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        level = y[:, 0]
        trend = y[:, 1] - y[:, 0]
        out = [level]
        for t in range(1, y.shape[1]):
            prev_level = level
            level = self.alpha * y[:, t] + (1.0 - self.alpha) * (level + trend)
            trend = self.beta * (level - prev_level) + (1.0 - self.beta) * trend
            out.append(level)
        return torch.stack(out, dim=1)


def get_inputs():
    return [10.0 + torch.cumsum(torch.randn(num_series, length) * 0.5 + 0.05, dim=1)]


def get_init_inputs():
    return []
