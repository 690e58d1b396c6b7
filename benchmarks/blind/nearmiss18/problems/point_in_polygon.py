"""Even-odd (crossing number) point-in-polygon test, one simple polygon per batch item."""

import math

import torch
import torch.nn as nn

batch_size = 3
num_vertices = 9
num_points = 400


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, polys: torch.Tensor, points: torch.Tensor) -> torch.Tensor:
        px, py = points[..., 0], points[..., 1]
        inside = torch.zeros(px.shape, dtype=torch.bool, device=points.device)
        n = polys.shape[1]
        for i in range(n):
            j = (i - 1) % n
            xi, yi = polys[:, i, 0:1], polys[:, i, 1:2]
            xj, yj = polys[:, j, 0:1], polys[:, j, 1:2]
            crosses = (yi > py) != (yj > py)
            x_int = (xj - xi) * (py - yi) / (yj - yi) + xi
            inside ^= crosses & (px < x_int)
        return inside


def get_inputs():
    ang = torch.sort(torch.rand(batch_size, num_vertices) * 2 * math.pi, dim=1).values
    rad = 0.4 + torch.rand(batch_size, num_vertices) * 1.6
    polys = torch.stack([rad * torch.cos(ang), rad * torch.sin(ang)], dim=-1)
    points = (torch.rand(batch_size, num_points, 2) * 2.0 - 1.0) * 2.0
    return [polys, points]


def get_init_inputs():
    return []
