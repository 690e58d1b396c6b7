"""Oren-Nayar rough diffuse reflectance (qualitative model) for a batch of surface points."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

num_points = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, normal, light, view, sigma, albedo):
        # normal, light, view: (P, 3) directions (normalised here); sigma: (P,) roughness (radians);
        # albedo: (P,). Returns (P,) reflected radiance for unit irradiance.
        n = F.normalize(normal, dim=1)
        l = F.normalize(light, dim=1)
        v = F.normalize(view, dim=1)
        ci = (n * l).sum(1)
        cr = (n * v).sum(1)
        ti = torch.acos(ci.clamp(-1.0, 1.0))
        tr = torch.acos(cr.clamp(-1.0, 1.0))
        alpha = torch.maximum(ti, tr)
        beta = torch.minimum(ti, tr)
        s2 = sigma * sigma
        a = 1.0 - 0.5 * s2 / (s2 + 0.33)
        b = 0.45 * s2 / (s2 + 0.09)
        lp = l - n * ci[:, None]
        vp = v - n * cr[:, None]
        cphi = (lp * vp).sum(1) / (lp.norm(dim=1) * vp.norm(dim=1)).clamp_min(1e-12)
        rad = albedo / math.pi * ci * (a + b * cphi.clamp_min(0.0) * torch.sin(alpha) * torch.tan(beta))
        return torch.where(ci > 0, rad, torch.zeros_like(rad))


def _rand_dirs(n):
    return F.normalize(torch.randn(n, 3), dim=1)


def get_inputs():
    normal = _rand_dirs(num_points)
    light = _rand_dirs(num_points)
    # views above the horizon (cos > 0.15), so tan(beta) stays bounded
    view = _rand_dirs(num_points)
    cr = (normal * view).sum(1, keepdim=True)
    view = torch.where(cr < 0, view - 2 * cr * normal, view)
    cr = (normal * view).sum(1, keepdim=True)
    view = torch.where(cr < 0.15, F.normalize(view + 0.3 * normal, dim=1), view)
    sigma = 0.1 + 0.9 * torch.rand(num_points)
    albedo = 0.2 + 0.8 * torch.rand(num_points)
    return [normal, light, view, sigma, albedo]


def get_init_inputs():
    return []
