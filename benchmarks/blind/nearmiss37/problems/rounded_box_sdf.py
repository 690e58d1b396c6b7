"""Signed distance from points to an axis-aligned rounded box (Quilez's sdRoundBox) given its centre, half extents and rounding radius."""

import torch
import torch.nn as nn

num_points = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p: torch.Tensor, center: torch.Tensor, half: torch.Tensor, rad: torch.Tensor) -> torch.Tensor:
        q = (p - center).abs() - half + rad
        outside = torch.clamp(q, min=0.0).norm(dim=-1)
        inside = torch.clamp(q.amax(dim=-1), max=0.0)
        return outside + inside - rad


def get_inputs():
    p = (torch.rand(num_points, 3) - 0.5) * 4.0
    center = torch.tensor([0.2, -0.1, 0.3]) + 0.1 * torch.randn(3)
    half = torch.tensor([1.0, 0.6, 0.8]) + 0.1 * torch.rand(3)
    rad = 0.15 + 0.1 * torch.rand(1)
    return [p, center, half, rad]


def get_init_inputs():
    return []
