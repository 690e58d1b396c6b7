"""Bachelier (normal-model) undiscounted call price and delta on forwards with absolute volatility; rows [price, delta]."""

import math

import torch
import torch.nn as nn

num_options = 5000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, fwd, strike, sigma, tau):
        sd = sigma * torch.sqrt(tau)
        d = (fwd - strike) / sd
        cdf = 0.5 * (1.0 + torch.erf(d * (1.0 / math.sqrt(2.0))))
        pdf = torch.exp(-0.5 * d * d) * (1.0 / math.sqrt(2.0 * math.pi))
        return torch.stack([(fwd - strike) * cdf + sd * pdf, cdf], dim=1)


def get_inputs():
    fwd = 100.0 + torch.randn(num_options) * 2.0
    strike = fwd + torch.randn(num_options) * 5.0
    sigma = 2.0 + torch.rand(num_options) * 10.0
    tau = 0.1 + torch.rand(num_options) * 2.0
    return [fwd, strike, sigma, tau]


def get_init_inputs():
    return []
