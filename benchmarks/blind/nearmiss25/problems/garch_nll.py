"""GARCH(1,1) variance filter and Gaussian negative log-likelihood per return series:
s2_0 = mean(r^2), s2_t = omega + alpha * r_{t-1}^2 + beta * s2_{t-1};
nll = 0.5 * sum_t (log(2 pi) + log s2_t + r_t^2 / s2_t). Returns [nll, next-step variance forecast] per series."""

import math

import torch
import torch.nn as nn

num_series = 90
num_steps = 120


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, r, omega, alpha, beta):
        s2 = (r * r).mean(dim=1)
        nll = torch.zeros_like(s2)
        for t in range(r.shape[1]):
            rt = r[:, t]
            nll = nll + 0.5 * (math.log(2.0 * math.pi) + torch.log(s2) + rt * rt / s2)
            s2 = omega + alpha * rt * rt + beta * s2
        return torch.stack([nll, s2], dim=1)


def get_inputs():
    omega = 1e-5 * (0.5 + torch.rand(num_series))
    alpha = 0.03 + 0.12 * torch.rand(num_series)
    beta = 0.93 - alpha - 0.1 * torch.rand(num_series)
    r = 0.01 * torch.randn(num_series, num_steps) * (1.0 + torch.rand(num_series, 1))
    return [r, omega, alpha, beta]


def get_init_inputs():
    return []
