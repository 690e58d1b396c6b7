"""Ionisation fraction of pure hydrogen gas in thermal equilibrium (Saha equation)."""

import math

import torch
import torch.nn as nn

num_samples = 4000


class Model(nn.Module):
    """Saha ionisation fraction x of hydrogen and the electron density.

    temperature: (N,) K; density: (N,) total hydrogen number density n_H (m^-3).
    x^2 / (1 - x) = S = (2 pi m_e k T / h^2)^(3/2) exp(-chi / kT) / n_H
    = 2.4147e21 T^(3/2) exp(-157821.5 / T) / n_H, solved as x = 2 / (1 + sqrt(1 + 4 / S)) with S formed in
    logarithms. Returns (N, 2): x and n_e = x n_H in units of 1e18 m^-3.
    """

    def __init__(self):
        super().__init__()

    def forward(self, temperature, density):
        ln_s = math.log(2.4147e21) + 1.5 * torch.log(temperature) - 157821.5 / temperature - torch.log(density)
        x = 2.0 / (1.0 + torch.sqrt(1.0 + 4.0 * torch.exp(-ln_s)))
        return torch.stack([x, x * density * 1e-18], 1)


def get_inputs():
    temperature = 4000.0 + 26000.0 * torch.rand(num_samples)
    density = torch.pow(10.0, 12.0 + 12.0 * torch.rand(num_samples))
    return [temperature, density]


def get_init_inputs():
    return []
