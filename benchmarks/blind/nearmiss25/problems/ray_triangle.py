"""Nearest ray / triangle hit distance (Moller-Trumbore) of every ray against every triangle: a hit needs
|det| > 1e-8, u >= 0, v >= 0, u + v <= 1 and eps < t < t_max; a ray without a hit returns t_max."""

import torch
import torch.nn as nn

num_rays = 256
num_tris = 96


class Model(nn.Module):
    def __init__(self, eps: float, t_max: float):
        super().__init__()
        self.eps = eps
        self.t_max = t_max

    def forward(self, orig, dirs, tris):
        v0 = tris[:, 0]
        e1 = tris[:, 1] - v0
        e2 = tris[:, 2] - v0
        ox, oy, oz = orig[:, 0:1], orig[:, 1:2], orig[:, 2:3]
        dx, dy, dz = dirs[:, 0:1], dirs[:, 1:2], dirs[:, 2:3]
        v0x, v0y, v0z = v0[None, :, 0], v0[None, :, 1], v0[None, :, 2]
        e1x, e1y, e1z = e1[None, :, 0], e1[None, :, 1], e1[None, :, 2]
        e2x, e2y, e2z = e2[None, :, 0], e2[None, :, 1], e2[None, :, 2]
        px = dy * e2z - dz * e2y
        py = dz * e2x - dx * e2z
        pz = dx * e2y - dy * e2x
        det = e1x * px + e1y * py + e1z * pz
        inv = 1.0 / det
        sx, sy, sz = ox - v0x, oy - v0y, oz - v0z
        u = (sx * px + sy * py + sz * pz) * inv
        qx = sy * e1z - sz * e1y
        qy = sz * e1x - sx * e1z
        qz = sx * e1y - sy * e1x
        v = (dx * qx + dy * qy + dz * qz) * inv
        t = (e2x * qx + e2y * qy + e2z * qz) * inv
        hit = (det.abs() > 1e-8) & (u >= 0) & (v >= 0) & (u + v <= 1.0) & (t > self.eps) & (t < self.t_max)
        return torch.where(hit, t, torch.full_like(t, self.t_max)).amin(dim=1)


def get_inputs():
    centre = torch.rand(num_tris, 1, 3) * torch.tensor([4.0, 4.0, 5.0]) + torch.tensor([-2.0, -2.0, 3.0])
    tris = centre + 0.9 * torch.randn(num_tris, 3, 3)
    orig = 0.2 * torch.randn(num_rays, 3)
    target = torch.rand(num_rays, 3) * torch.tensor([5.0, 5.0, 0.0]) + torch.tensor([-2.5, -2.5, 5.0])
    dirs = target - orig
    dirs = dirs / torch.sqrt((dirs * dirs).sum(dim=1, keepdim=True))
    return [orig, dirs, tris]


def get_init_inputs():
    return [1e-4, 50.0]
