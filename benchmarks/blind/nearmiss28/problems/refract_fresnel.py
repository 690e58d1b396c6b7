"""Refraction through a dielectric interface (Snell) with the unpolarised Fresnel reflectance; rays may arrive
from either side of the surface."""

import torch
import torch.nn as nn

num_rays = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, d: torch.Tensor, n: torch.Tensor, ior: torch.Tensor) -> torch.Tensor:
        # d: (N, 3) unit ray directions; n: (N, 3) unit outward normals; ior: (N,) refractive index of
        # the inside medium (outside is 1). Returns (N, 4): refracted direction (zero on total internal
        # reflection) and reflectance R (1 on total internal reflection).
        cosi = -(d * n).sum(dim=1)
        inside = cosi < 0
        eta = torch.where(inside, ior, 1.0 / ior)
        nn_ = torch.where(inside[:, None], -n, n)
        cosi = cosi.abs()
        k = 1.0 - eta * eta * (1.0 - cosi * cosi)
        tir = k < 0
        cost = torch.sqrt(k.clamp(min=0.0))
        t = eta[:, None] * d + (eta * cosi - cost)[:, None] * nn_
        t = torch.where(tir[:, None], torch.zeros_like(t), t)
        rs = (eta * cosi - cost) / (eta * cosi + cost)
        rp = (cosi - eta * cost) / (cosi + eta * cost)
        r = torch.where(tir, torch.ones_like(cosi), 0.5 * (rs * rs + rp * rp))
        return torch.cat([t, r[:, None]], dim=1)


def get_inputs():
    d = torch.randn(num_rays, 3)
    d = d / d.norm(dim=1, keepdim=True)
    n = torch.randn(num_rays, 3)
    n = n / n.norm(dim=1, keepdim=True)
    ior = 1.3 + 0.5 * torch.rand(num_rays)
    return [d, n, ior]


def get_init_inputs():
    return []
