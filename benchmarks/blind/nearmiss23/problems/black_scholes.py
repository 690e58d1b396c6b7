"""Black-Scholes European call and put prices; returns (2, N): calls then puts."""

import math

import torch
import torch.nn as nn

num_options = 1000


def _ncdf(x):
    return 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))


class Model(nn.Module):
    def __init__(self, rate=0.05):
        super().__init__()
        self.rate = rate

    def forward(self, spot, strike, expiry, vol):
        sqrt_t = torch.sqrt(expiry)
        d1 = (torch.log(spot / strike) + (self.rate + 0.5 * vol * vol) * expiry) / (vol * sqrt_t)
        d2 = d1 - vol * sqrt_t
        disc = torch.exp(-self.rate * expiry)
        call = spot * _ncdf(d1) - strike * disc * _ncdf(d2)
        put = strike * disc * _ncdf(-d2) - spot * _ncdf(-d1)
        return torch.stack([call, put])


def get_inputs():
    spot = torch.rand(num_options) * 100.0 + 50.0
    strike = torch.rand(num_options) * 100.0 + 50.0
    expiry = torch.rand(num_options) * 2.0 + 0.1
    vol = torch.rand(num_options) * 0.5 + 0.1
    return [spot, strike, expiry, vol]


def get_init_inputs():
    return []
