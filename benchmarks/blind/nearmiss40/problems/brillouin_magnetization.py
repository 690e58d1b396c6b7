"""Reduced magnetisation M / M_s of ideal paramagnets from the Brillouin function B_J(x).

x = g mu_B J B / (k_B T) (mu_B / k_B = 0.67171381563 K/T) and
B_J(x) = (2J + 1) / (2J) coth((2J + 1) x / (2J)) - 1 / (2J) coth(x / (2J)); near x = 0, where the two coth
terms cancel, the series B_J(x) = (J + 1) / (3J) x - (J + 1)(2 J^2 + 2 J + 1) / (90 J^3) x^3 is used
(|x| < 0.05). Samples at zero field have x = 0 and M = 0. Inputs per sample: field B (tesla), temperature T
(kelvin), total angular momentum J and Lande factor g.
"""

import torch
import torch.nn as nn

num_samples = 4000
MU_B_OVER_K_B = 0.67171381563


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, field, temp, j, g):
        x = g * MU_B_OVER_K_B * j * field / temp
        tj = 2.0 * j
        c1 = (tj + 1.0) / tj
        c2 = 1.0 / tj
        xs = torch.where(x.abs() < 0.05, torch.ones_like(x), x)
        exact = c1 / torch.tanh(c1 * xs) - c2 / torch.tanh(c2 * xs)
        series = (j + 1.0) / (3.0 * j) * x - (j + 1.0) * (2.0 * j * j + 2.0 * j + 1.0) / (90.0 * j * j * j) * x * x * x
        return torch.where(x.abs() < 0.05, series, exact)


def get_inputs():
    n = num_samples
    field = torch.exp(torch.empty(n).uniform_(-2.0, 2.6)) * torch.where(torch.rand(n) < 0.15, -1.0, 1.0)
    field = torch.where(torch.rand(n) < 0.05, torch.zeros(n), field)
    temp = torch.exp(torch.empty(n).uniform_(-0.7, 4.6))                  # 0.5 .. 100 K
    j = torch.randint(1, 8, (n,)).to(torch.float32) / 2.0                 # 1/2 .. 7/2 (Gd3+)
    g = torch.where(j == 3.5, torch.full((n,), 2.0), torch.empty(n).uniform_(1.0, 2.1))
    return [field, temp, j, g]


def get_init_inputs():
    return []
