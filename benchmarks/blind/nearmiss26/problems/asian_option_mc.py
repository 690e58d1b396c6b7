"""Monte Carlo price of an arithmetic-average Asian call: geometric Brownian motion paths from given standard
normal draws (num_steps monitoring dates over maturity T, risk-neutral drift), payoff max(mean of the monitored
prices - K, 0) discounted at rate r. Output [price, standard error of the price]."""

import math

import torch
import torch.nn as nn

num_paths = 4096
num_steps = 32


class Model(nn.Module):
    def __init__(self, S0: float = 100.0, K: float = 100.0, r: float = 0.03, sigma: float = 0.25, T: float = 1.0):
        super().__init__()
        self.S0, self.K, self.r, self.sigma, self.T = S0, K, r, sigma, T

    def forward(self, Z: torch.Tensor) -> torch.Tensor:
        P, n = Z.shape
        dt = self.T / n
        drift = (self.r - 0.5 * self.sigma ** 2) * dt
        vol = self.sigma * math.sqrt(dt)
        S = torch.full((P,), self.S0, device=Z.device, dtype=Z.dtype)
        total = torch.zeros(P, device=Z.device, dtype=Z.dtype)
        for t in range(n):
            S = S * torch.exp(drift + vol * Z[:, t])
            total = total + S
        payoff = math.exp(-self.r * self.T) * torch.clamp(total / n - self.K, min=0.0)
        return torch.stack([payoff.mean(), payoff.std() / math.sqrt(P)])


def get_inputs():
    return [torch.randn(num_paths, num_steps)]


def get_init_inputs():
    return []
