"""Mesh triangle quality q = 4 sqrt(3) A / (l0^2 + l1^2 + l2^2) for every face of an indexed triangle mesh
(q = 1 for an equilateral triangle, -> 0 for degenerate ones); A is the triangle area, l_i the edge lengths."""

import math

import torch
import torch.nn as nn

grid_n = 24


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, verts: torch.Tensor, faces: torch.Tensor) -> torch.Tensor:
        v0, v1, v2 = verts[faces[:, 0]], verts[faces[:, 1]], verts[faces[:, 2]]
        e0, e1, e2 = v1 - v0, v2 - v0, v2 - v1
        area = 0.5 * torch.linalg.cross(e0, e1).norm(dim=1)
        ssq = (e0 * e0).sum(1) + (e1 * e1).sum(1) + (e2 * e2).sum(1)
        return 4.0 * math.sqrt(3.0) * area / ssq


def get_inputs():
    n = grid_n
    iy, ix = torch.meshgrid(torch.arange(n), torch.arange(n), indexing="ij")
    xy = torch.stack([ix, iy], -1).float().view(-1, 2) + 0.35 * (torch.rand(n * n, 2) - 0.5)
    z = 0.4 * torch.randn(n * n, 1)
    verts = torch.cat([xy, z], 1)
    a = (iy[:-1, :-1] * n + ix[:-1, :-1]).reshape(-1)
    f1 = torch.stack([a, a + 1, a + n + 1], 1)
    f2 = torch.stack([a, a + n + 1, a + n], 1)
    faces = torch.cat([f1, f2], 0)
    faces = faces[torch.randperm(faces.shape[0])]
    return [verts, faces]


def get_init_inputs():
    return []
