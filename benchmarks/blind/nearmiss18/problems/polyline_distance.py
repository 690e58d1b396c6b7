"""Euclidean distance from 2-D points to an open polyline (minimum over its segments)."""

import torch
import torch.nn as nn

num_points = 1000
num_nodes = 9


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points: torch.Tensor, nodes: torch.Tensor) -> torch.Tensor:
        a = nodes[:-1]
        b = nodes[1:]
        ab = b - a
        ap = points[:, None, :] - a[None, :, :]
        t = (ap * ab[None]).sum(-1) / (ab * ab).sum(-1)[None]
        t = t.clamp(0.0, 1.0)
        closest = a[None] + t[..., None] * ab[None]
        d = torch.sqrt(((points[:, None, :] - closest) ** 2).sum(-1))
        return d.min(dim=1).values


def get_inputs():
    xs = torch.linspace(-4.0, 4.0, num_nodes)
    ys = torch.randn(num_nodes) * 1.5
    nodes = torch.stack([xs, ys], dim=-1) + torch.randn(num_nodes, 2) * 0.3
    points = torch.randn(num_points, 2) * 3.0
    return [points, nodes]


def get_init_inputs():
    return []
