"""Zero-coupon bond prices under the Cox-Ingersoll-Ross (1985) short-rate model.

With h = sqrt(kappa^2 + 2 sigma^2), den = (kappa + h)(e^(h tau) - 1) + 2h,
B = 2 (e^(h tau) - 1) / den, A = (2h e^((kappa + h) tau / 2) / den)^(2 kappa theta / sigma^2) and the price
P = A e^(-B r0), one per (r0, kappa, theta, sigma, maturity tau) row.
"""

import torch
import torch.nn as nn

num_bonds = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, r0, kappa, theta, sigma, tau):
        h = torch.sqrt(kappa * kappa + 2.0 * sigma * sigma)
        em1 = torch.expm1(h * tau)
        den = (kappa + h) * em1 + 2.0 * h
        big_b = 2.0 * em1 / den
        big_a = torch.pow(2.0 * h * torch.exp(0.5 * (kappa + h) * tau) / den, 2.0 * kappa * theta / (sigma * sigma))
        return big_a * torch.exp(-big_b * r0)


def get_inputs():
    n = num_bonds
    r0 = 0.001 + 0.09 * torch.rand(n)
    kappa = 0.1 + 1.4 * torch.rand(n)
    theta = 0.02 + 0.06 * torch.rand(n)
    sigma = 0.05 + 0.2 * torch.rand(n)
    tau = 0.25 + 29.75 * torch.rand(n)
    return [r0, kappa, theta, sigma, tau]


def get_init_inputs():
    return []
