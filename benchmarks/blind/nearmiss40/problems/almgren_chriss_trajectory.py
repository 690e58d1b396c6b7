"""Almgren-Chriss optimal liquidation trajectories (holdings at each trading time).

Each order sells X shares over a horizon T in N equal steps tau = T / N. With temporary impact eta, permanent
impact gamma, volatility sigma and risk aversion lambda, eta~ = eta - gamma tau / 2 and kappa solves
cosh(kappa tau) = 1 + lambda sigma^2 tau^2 / (2 eta~) (Almgren and Chriss 2000). The holdings at t_j = j tau are
x_j = X sinh(kappa (T - t_j)) / sinh(kappa T); a risk-neutral order (lambda = 0, kappa = 0) trades linearly,
x_j = X (1 - t_j / T). Output: (num_orders, N + 1) holdings.
"""

import torch
import torch.nn as nn

num_orders = 400
num_steps = 40
horizon = 5.0


class Model(nn.Module):
    def __init__(self, horizon: float, num_steps: int):
        super().__init__()
        self.horizon = horizon
        self.num_steps = num_steps

    def forward(self, shares, sigma, eta, gamma, lam):
        n = self.num_steps
        tau = self.horizon / n
        eta_t = eta - 0.5 * gamma * tau
        kt2 = lam * sigma * sigma / eta_t
        y = 1.0 + 0.5 * kt2 * tau * tau
        kappa = torch.acosh(y) / tau
        t = torch.arange(n + 1, device=shares.device).to(shares.dtype) * tau
        kap = kappa[:, None]
        frac = torch.sinh(kap * (self.horizon - t[None, :])) / torch.sinh(kap * self.horizon)
        linear = 1.0 - t / self.horizon
        frac = torch.where(kap > 0, frac, linear[None, :])
        return shares[:, None] * frac


def get_inputs():
    n = num_orders
    shares = torch.exp(torch.empty(n).uniform_(9.0, 14.0)).round()
    sigma = torch.empty(n).uniform_(0.2, 2.0)
    eta = torch.exp(torch.empty(n).uniform_(-14.0, -11.5))
    gamma = eta * torch.empty(n).uniform_(0.05, 0.2)
    urgency = torch.exp(torch.empty(n).uniform_(-2.5, 1.4))
    lam = urgency * urgency * eta / (sigma * sigma)
    lam = torch.where(torch.rand(n) < 0.1, torch.zeros(n), lam)
    return [shares, sigma, eta, gamma, lam]


def get_init_inputs():
    return [horizon, num_steps]
