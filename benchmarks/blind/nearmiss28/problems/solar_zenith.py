"""Cosine of the solar zenith angle and extraterrestrial irradiance on a horizontal plane (Cooper declination)."""

import math

import torch
import torch.nn as nn

num_samples = 6000

SOLAR_CONSTANT = 1.367


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, day: torch.Tensor, hour: torch.Tensor, lat_deg: torch.Tensor) -> torch.Tensor:
        # day: (N,) day of year 1..365; hour: (N,) local solar time in hours; lat_deg: (N,) degrees
        # returns (N, 2) float32 [cos(zenith) floored at 0, horizontal extraterrestrial irradiance kW/m^2]
        decl = math.radians(23.45) * torch.sin((2.0 * math.pi / 365.0) * (284.0 + day))
        omega = (15.0 * (hour - 12.0)) * (math.pi / 180.0)
        phi = lat_deg * (math.pi / 180.0)
        cosz = torch.sin(phi) * torch.sin(decl) + torch.cos(phi) * torch.cos(decl) * torch.cos(omega)
        cosz = cosz.clamp(min=0.0)
        g0 = SOLAR_CONSTANT * (1.0 + 0.033 * torch.cos((2.0 * math.pi / 365.0) * day)) * cosz
        return torch.stack([cosz, g0], dim=1)


def get_inputs():
    n = num_samples
    day = torch.randint(1, 366, (n,)).float()
    hour = 24.0 * torch.rand(n)
    lat = -66.0 + 132.0 * torch.rand(n)
    return [day, hour, lat]


def get_init_inputs():
    return []
