"""SPH (smoothed-particle hydrodynamics) density summation with the poly6 kernel:
rho_i = sum_j m_j * 315 / (64 pi h^9) * (h^2 - r_ij^2)^3 for r_ij < h (self term included)."""

import math

import torch
import torch.nn as nn

num_particles = 700
box = 1.0
smoothing = 0.16


class Model(nn.Module):
    def __init__(self, h: float):
        super().__init__()
        self.h = h

    def forward(self, pos: torch.Tensor, mass: torch.Tensor) -> torch.Tensor:
        d = pos[:, None, :] - pos[None, :, :]
        r2 = (d * d).sum(dim=-1)
        h2 = self.h * self.h
        q = torch.clamp(h2 - r2, min=0.0)
        w = 315.0 / (64.0 * math.pi * self.h ** 9) * q * q * q
        return (w * mass[None, :]).sum(dim=1)


def get_inputs():
    pos = box * torch.rand(num_particles, 3)
    mass = 0.5 + torch.rand(num_particles)
    return [pos, mass]


def get_init_inputs():
    return [smoothing]
