"""Total Compton (Klein-Nishina) scattering cross-section per atom, in barns.

k = E / (m_e c^2) (E in keV, m_e c^2 = 510.99895 keV). Per electron
sigma = 2 pi r_e^2 [ (1 + k) / k^2 (2 (1 + k) / (1 + 2k) - ln(1 + 2k) / k) + ln(1 + 2k) / (2k)
        - (1 + 3k) / (1 + 2k)^2 ]
with r_e^2 = 0.079407877 b; below k = 1e-3 the Thomson-limit series sigma_T (1 - 2k + 26 k^2 / 5 - 133 k^3 / 10)
(sigma_T = 8 pi r_e^2 / 3) replaces the cancelling closed form. The cross-section per atom is Z sigma (free
electrons). The formula is evaluated in float64 and returned as float32.
"""

import math

import torch
import torch.nn as nn

num_photons = 5000
R_E2 = 0.079407877
MEC2 = 510.99895


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, energy_kev: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        k = energy_kev.double() / MEC2
        small = k < 1e-3
        ks = torch.where(small, torch.ones_like(k), k)
        l2 = torch.log1p(2.0 * ks)
        u = 1.0 + 2.0 * ks
        closed = 2.0 * math.pi * R_E2 * ((1.0 + ks) / (ks * ks) * (2.0 * (1.0 + ks) / u - l2 / ks)
                                         + l2 / (2.0 * ks) - (1.0 + 3.0 * ks) / (u * u))
        sigma_t = 8.0 * math.pi * R_E2 / 3.0
        series = sigma_t * (1.0 + k * (-2.0 + k * (26.0 / 5.0 - k * 133.0 / 10.0)))
        sigma = torch.where(small, series, closed)
        return (z.double() * sigma).to(torch.float32)


def get_inputs():
    n = num_photons
    energy = torch.exp(torch.empty(n).uniform_(math.log(0.1), math.log(1.0e4)))   # 0.1 keV .. 10 MeV
    z = torch.randint(1, 93, (n,))
    return [energy, z]


def get_init_inputs():
    return []
