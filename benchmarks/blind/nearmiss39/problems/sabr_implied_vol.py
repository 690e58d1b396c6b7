"""SABR lognormal implied volatility (Hagan, Kumar, Lesniewski and Woodward 2002), one value per option.

Inputs are per-option forwards, strikes, expiries and SABR parameters (alpha, rho, nu); beta is a model
constant. At the money (z = 0) the ratio z / x(z) takes its limit 1.
"""

import torch
import torch.nn as nn

num_options = 2000
BETA = 0.5


class Model(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, fwd, strike, expiry, alpha, rho, nu):
        beta = self.beta
        b1 = 1.0 - beta
        log_fk = torch.log(fwd / strike)
        fkb = torch.exp(0.5 * b1 * torch.log(fwd * strike))
        lf2 = log_fk * log_fk
        denom = fkb * (1.0 + b1 * b1 / 24.0 * lf2 + b1 * b1 * b1 * b1 / 1920.0 * lf2 * lf2)
        z = nu / alpha * fkb * log_fk
        xz = torch.log((torch.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))
        ratio = torch.where(torch.abs(z) < 1e-6, torch.ones_like(z), z / xz)
        c1 = b1 * b1 / 24.0 * alpha * alpha / (fkb * fkb)
        c2 = rho * beta * nu * alpha / (4.0 * fkb)
        c3 = (2.0 - 3.0 * rho * rho) / 24.0 * nu * nu
        corr = 1.0 + (c1 + c2 + c3) * expiry
        return alpha / denom * ratio * corr


def get_inputs():
    n = num_options
    fwd = 60.0 + 80.0 * torch.rand(n)
    moneyness = (0.01 + 0.59 * torch.rand(n)) * torch.where(torch.rand(n) < 0.5, -1.0, 1.0)
    atm = torch.rand(n) < 0.1
    strike = torch.where(atm, fwd, fwd * torch.exp(moneyness))
    expiry = 0.1 + 4.9 * torch.rand(n)
    sigma = 0.12 + 0.3 * torch.rand(n)
    alpha = sigma * torch.sqrt(fwd)
    rho = -0.75 + 1.1 * torch.rand(n)
    nu = 0.2 + 0.9 * torch.rand(n)
    return [fwd, strike, expiry, alpha, rho, nu]


def get_init_inputs():
    return [BETA]
