"""Great-circle distance (haversine) and initial bearing between pairs of geographic coordinates."""

import math

import torch
import torch.nn as nn

num_pairs = 4000
earth_radius_km = 6371.0088


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, coords: torch.Tensor) -> torch.Tensor:
        # coords: (N, 4) = lat1, lon1, lat2, lon2 in degrees. Returns (N, 2) = [distance km, initial bearing
        # in degrees clockwise from north, in [0, 360)].
        rad = coords * (math.pi / 180.0)
        p1, l1, p2, l2 = rad.unbind(1)
        dp = p2 - p1
        dl = l2 - l1
        a = torch.sin(dp / 2) ** 2 + torch.cos(p1) * torch.cos(p2) * torch.sin(dl / 2) ** 2
        dist = 2.0 * earth_radius_km * torch.asin(torch.sqrt(a.clamp(0.0, 1.0)))
        y = torch.sin(dl) * torch.cos(p2)
        x = torch.cos(p1) * torch.sin(p2) - torch.sin(p1) * torch.cos(p2) * torch.cos(dl)
        brg = torch.remainder(torch.atan2(y, x) * (180.0 / math.pi) + 360.0, 360.0)
        return torch.stack([dist, brg], dim=1)


def get_inputs():
    lat = -80.0 + 160.0 * torch.rand(num_pairs, 2)
    lon = -180.0 + 360.0 * torch.rand(num_pairs, 2)
    return [torch.stack([lat[:, 0], lon[:, 0], lat[:, 1], lon[:, 1]], dim=1)]


def get_init_inputs():
    return []
