"""Magnetic field of a chain of straight current segments at field points (Biot-Savart law, closed form per segment, mu0 / 4 pi = 1)."""

import math

import torch
import torch.nn as nn

num_points = 500
num_segments = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, seg: torch.Tensor, current: torch.Tensor, pts: torch.Tensor) -> torch.Tensor:
        a = pts[:, None, :] - seg[None, :, 0, :]
        b = pts[:, None, :] - seg[None, :, 1, :]
        la = a.norm(dim=-1)
        lb = b.norm(dim=-1)
        axb = torch.cross(a, b, dim=-1)
        f = current[None, :] * (la + lb) / (la * lb * (la * lb + (a * b).sum(-1)))
        return (axb * f[..., None]).sum(1)


def get_inputs():
    t = torch.linspace(0.0, 4.0 * math.pi, num_segments + 1)
    rad = 1.0 + 0.1 * torch.rand(num_segments + 1)
    nodes = torch.stack([rad * torch.cos(t), rad * torch.sin(t), 0.15 * t - 0.9], dim=-1)
    seg = torch.stack([nodes[:-1], nodes[1:]], dim=1)
    current = 0.5 + torch.rand(num_segments)
    pts = (torch.rand(num_points, 3) - 0.5) * 1.2
    return [seg, current, pts]


def get_init_inputs():
    return []
