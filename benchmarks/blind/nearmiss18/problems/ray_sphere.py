"""Ray / sphere intersection: distance along the ray to the first intersection in front of the
origin (t >= 0; the far root when the origin is inside the sphere), -1 on a miss."""

import torch
import torch.nn as nn

num_rays = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, origins, dirs, centers, radii):
        oc = origins - centers
        a = (dirs * dirs).sum(-1)
        b = 2.0 * (oc * dirs).sum(-1)
        c = (oc * oc).sum(-1) - radii * radii
        disc = b * b - 4.0 * a * c
        sq = torch.sqrt(torch.clamp(disc, min=0.0))
        t0 = (-b - sq) / (2.0 * a)
        t1 = (-b + sq) / (2.0 * a)
        t = torch.where(t0 >= 0.0, t0, t1)
        hit = (disc >= 0.0) & (t >= 0.0)
        return torch.where(hit, t, torch.full_like(t, -1.0))


def get_inputs():
    origins = torch.randn(num_rays, 3) * 2.0
    centers = torch.randn(num_rays, 3)
    to_c = centers - origins
    dirs = to_c + torch.randn(num_rays, 3) * 0.8
    flip = (torch.rand(num_rays, 1) < 0.2).float()
    dirs = dirs * (1.0 - 2.0 * flip)
    radii = 0.5 + torch.rand(num_rays) * 1.5
    return [origins, dirs, centers, radii]


def get_init_inputs():
    return []
