"""Isothermal two-phase flash: Rachford-Rice vapour fraction and liquid composition by bisection."""

import torch
import torch.nn as nn

num_feeds = 400
num_components = 10


class Model(nn.Module):
    """Vapour fraction V and liquid mole fractions of each feed at fixed equilibrium ratios.

    z: (N, S) feed mole fractions; k: (N, S) equilibrium ratios K_i = y_i / x_i. With
    f(V) = sum_i z_i (K_i - 1) / (1 + V (K_i - 1)): the feed is a subcooled liquid (V = 0) when
    f(0) <= 0 and a superheated vapour (V = 1) when f(1) >= 0; otherwise V is the root in (0, 1),
    found by `iterations` bisection steps on [0, 1] (V is the midpoint of the final bracket).
    x_i = z_i / (1 + V (K_i - 1)). Returns (N, 1 + S): V, then x.
    """

    def __init__(self, iterations: int):
        super().__init__()
        self.iterations = iterations

    def forward(self, z, k):
        km1 = k - 1.0
        f0 = (z * km1).sum(1)
        f1 = (z * km1 / k).sum(1)
        lo = torch.zeros_like(f0)
        hi = torch.ones_like(f0)
        for _ in range(self.iterations):
            mid = 0.5 * (lo + hi)
            f = (z * km1 / (1.0 + mid[:, None] * km1)).sum(1)
            up = f > 0.0
            lo = torch.where(up, mid, lo)
            hi = torch.where(up, hi, mid)
        v = 0.5 * (lo + hi)
        v = torch.where(f0 <= 0.0, 0.0, torch.where(f1 >= 0.0, 1.0, v))
        x = z / (1.0 + v[:, None] * km1)
        return torch.cat([v[:, None], x], 1)


def get_inputs():
    n, s = num_feeds, num_components
    z = torch.rand(n, s) + 0.02
    z = z / z.sum(1, keepdim=True)
    volatility = torch.linspace(3.5, -4.0, s)[None, :] + 0.5 * torch.randn(n, s)
    shift = -2.2 + 4.4 * torch.rand(n, 1)
    k = torch.exp(volatility + shift)
    return [z, k]


def get_init_inputs():
    return [40]
