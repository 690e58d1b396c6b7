"""Ray / axis-aligned box intersection (slab method): entry and exit distance per ray, zeros for a miss."""

import torch
import torch.nn as nn

num_rays = 2048
half_extent = 1


class Model(nn.Module):
    def __init__(self, half_extent: int):
        super().__init__()
        self.half_extent = float(half_extent)

    def forward(self, origins: torch.Tensor, dirs: torch.Tensor) -> torch.Tensor:
        inv = 1.0 / dirs
        t0 = (-self.half_extent - origins) * inv
        t1 = (self.half_extent - origins) * inv
        tmin = torch.minimum(t0, t1).amax(dim=-1)
        tmax = torch.maximum(t0, t1).amin(dim=-1)
        near = tmin.clamp(min=0.0)
        hit = tmax >= near
        zero = torch.zeros_like(near)
        return torch.stack([torch.where(hit, near, zero), torch.where(hit, tmax, zero)], dim=-1)


def get_inputs():
    return [torch.randn(num_rays, 3) * 1.5, torch.randn(num_rays, 3)]


def get_init_inputs():
    return [half_extent]
