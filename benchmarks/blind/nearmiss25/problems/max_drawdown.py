"""Maximum drawdown of price paths: the largest relative fall from a running peak,
max_t (peak_t - p_t) / peak_t with peak_t = max_{s <= t} p_s, one value per path."""

import torch
import torch.nn as nn

num_paths = 40
num_steps = 250


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, prices: torch.Tensor) -> torch.Tensor:
        peak = torch.cummax(prices, dim=1).values
        drawdown = (peak - prices) / peak
        return drawdown.amax(dim=1)


def get_inputs():
    steps = 0.02 * torch.randn(num_paths, num_steps)
    drift = 0.001 * torch.randn(num_paths, 1)
    return [100.0 * torch.exp(torch.cumsum(steps + drift, dim=1))]


def get_init_inputs():
    return []
