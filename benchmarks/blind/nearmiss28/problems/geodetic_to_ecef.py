"""WGS84 geodetic coordinates (latitude, longitude in radians, ellipsoidal height in m) to ECEF x, y, z in m."""

import math

import torch
import torch.nn as nn

num_points = 4000

WGS84_A = 6378137.0
WGS84_F = 1.0 / 298.257223563


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, llh: torch.Tensor) -> torch.Tensor:
        # llh: (N, 3) [lat, lon, h]; returns (N, 3) float32 [x, y, z]
        p = llh.double()
        lat, lon, h = p[:, 0], p[:, 1], p[:, 2]
        e2 = WGS84_F * (2.0 - WGS84_F)
        s = torch.sin(lat)
        n = WGS84_A / torch.sqrt(1.0 - e2 * s * s)
        x = (n + h) * torch.cos(lat) * torch.cos(lon)
        y = (n + h) * torch.cos(lat) * torch.sin(lon)
        z = (n * (1.0 - e2) + h) * s
        return torch.stack([x, y, z], dim=1).float()


def get_inputs():
    n = num_points
    lat = (torch.rand(n) - 0.5) * math.pi
    lon = (torch.rand(n) - 0.5) * 2.0 * math.pi
    h = -100.0 + 9000.0 * torch.rand(n)
    return [torch.stack([lat, lon, h], dim=1)]


def get_init_inputs():
    return []
