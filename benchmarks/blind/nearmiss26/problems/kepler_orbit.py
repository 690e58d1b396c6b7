"""Positions on Keplerian ellipses: solve Kepler's equation E - e sin E = M for the eccentric anomaly (Newton's
method, computed here in float64), then x = a (cos E - e), y = a sqrt(1 - e^2) sin E in the orbital plane.
Output (N, 2) float32."""

import math

import torch
import torch.nn as nn

num_orbits = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, M: torch.Tensor, e: torch.Tensor, a: torch.Tensor) -> torch.Tensor:
        Md, ed, ad = M.double(), e.double(), a.double()
        E = Md + ed * torch.sin(Md)
        for _ in range(30):
            E = E - (E - ed * torch.sin(E) - Md) / (1.0 - ed * torch.cos(E))
        x = ad * (torch.cos(E) - ed)
        y = ad * torch.sqrt(1.0 - ed * ed) * torch.sin(E)
        return torch.stack([x, y], dim=1).float()


def get_inputs():
    M = 2.0 * math.pi * torch.rand(num_orbits)
    e = 0.75 * torch.rand(num_orbits)
    a = 0.5 + 2.5 * torch.rand(num_orbits)
    return [M, e, a]


def get_init_inputs():
    return []
