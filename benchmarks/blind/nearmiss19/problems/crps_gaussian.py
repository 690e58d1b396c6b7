"""Closed-form continuous ranked probability score of Gaussian forecasts N(mu, sigma^2) against
observations, averaged over each row."""

import math

import torch
import torch.nn as nn

batch_size = 8
num_points = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mu: torch.Tensor, sigma: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        z = (y - mu) / sigma
        cdf = 0.5 * (1.0 + torch.erf(z / math.sqrt(2.0)))
        pdf = torch.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
        crps = sigma * (z * (2.0 * cdf - 1.0) + 2.0 * pdf - 1.0 / math.sqrt(math.pi))
        return crps.mean(dim=1)


def get_inputs():
    mu = torch.randn(batch_size, num_points)
    sigma = 0.2 + torch.rand(batch_size, num_points)
    y = mu + 1.5 * sigma * torch.randn(batch_size, num_points)
    return [mu, sigma, y]


def get_init_inputs():
    return []
