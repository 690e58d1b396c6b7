"""Total pairwise lens-overlap volume of each sphere with all other spheres (hard-sphere volume models)."""

import math

import torch
import torch.nn as nn

batch_size = 2
num_spheres = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, centers: torch.Tensor, radii: torch.Tensor) -> torch.Tensor:
        n = radii.shape[1]
        diff = centers[:, :, None, :] - centers[:, None, :, :]
        d = torch.sqrt((diff * diff).sum(dim=-1))
        ri = radii[:, :, None]
        rj = radii[:, None, :]
        rs = ri + rj
        rd = ri - rj
        contained = d <= torch.abs(rd)
        disjoint = d >= rs
        dsafe = torch.where(contained | disjoint, torch.ones_like(d), d)
        lens = math.pi * (rs - d) ** 2 * (d * d + 2.0 * d * rs - 3.0 * rd * rd) / (12.0 * dsafe)
        rmin = torch.minimum(ri, rj)
        full = (4.0 / 3.0) * math.pi * rmin * rmin * rmin
        v = torch.where(disjoint, torch.zeros_like(d), torch.where(contained, full, lens))
        eye = torch.eye(n, dtype=torch.bool, device=radii.device)[None]
        v = torch.where(eye, torch.zeros_like(v), v)
        return v.sum(dim=2)


def get_inputs():
    centers = 8.0 * torch.rand(batch_size, num_spheres, 3)
    radii = 0.4 + 1.2 * torch.rand(batch_size, num_spheres)
    k = max(2, num_spheres // 10)
    host = torch.randint(0, num_spheres - k, (batch_size, k))
    centers[:, -k:] = torch.gather(centers, 1, host[:, :, None].expand(-1, -1, 3)) + 0.1 * torch.randn(batch_size, k, 3)
    radii[:, -k:] = 0.2 + 0.1 * torch.rand(batch_size, k)
    return [centers, radii]


def get_init_inputs():
    return []
