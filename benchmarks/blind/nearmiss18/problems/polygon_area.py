"""Area of simple polygons by the shoelace formula (vertices in either orientation)."""

import math

import torch
import torch.nn as nn

num_polygons = 300
num_vertices = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, verts: torch.Tensor) -> torch.Tensor:
        x, y = verts[..., 0], verts[..., 1]
        xn, yn = torch.roll(x, -1, dims=1), torch.roll(y, -1, dims=1)
        return 0.5 * torch.abs((x * yn - xn * y).sum(dim=1))


def get_inputs():
    ang = torch.sort(torch.rand(num_polygons, num_vertices) * 2 * math.pi, dim=1).values
    flip = torch.rand(num_polygons, 1) < 0.5
    ang = torch.where(flip, -ang, ang)
    rad = 0.5 + torch.rand(num_polygons, num_vertices) * 2.0
    center = torch.randn(num_polygons, 1, 2) * 3.0
    verts = torch.stack([rad * torch.cos(ang), rad * torch.sin(ang)], dim=-1) + center
    return [verts]


def get_init_inputs():
    return []
