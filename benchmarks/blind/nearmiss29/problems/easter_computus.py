"""Gregorian Easter Sunday of each year by the anonymous (Meeus-Jones-Butcher) computus; returns [month, day]."""

import torch
import torch.nn as nn

num_years = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, years: torch.Tensor) -> torch.Tensor:
        y = years
        a = y % 19
        b = y // 100
        c = y % 100
        d = b // 4
        e = b % 4
        f = (b + 8) // 25
        g = (b - f + 1) // 3
        h = (19 * a + b - d - g + 15) % 30
        i = c // 4
        k = c % 4
        l = (32 + 2 * e + 2 * i - h - k) % 7
        m = (a + 11 * h + 22 * l) // 451
        n = h + l - 7 * m + 114
        return torch.stack([n // 31, n % 31 + 1], dim=1)


def get_inputs():
    return [torch.randint(1583, 4100, (num_years,))]


def get_init_inputs():
    return []
