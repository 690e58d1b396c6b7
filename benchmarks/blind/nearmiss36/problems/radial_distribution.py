"""Radial distribution function g(r) of particles in a periodic cubic box (minimum-image distances, pairs i < j,
50 bins up to half the box), one histogram per frame, normalised by the ideal-gas shell counts."""

import math

import torch
import torch.nn as nn

num_frames = 3
num_particles = 200
num_bins = 50
box = 10.0


class Model(nn.Module):
    def __init__(self, num_bins: int, box: float):
        super().__init__()
        self.nb = num_bins
        self.box = box

    def forward(self, pos: torch.Tensor) -> torch.Tensor:
        f, n, _ = pos.shape
        r_max = 0.5 * self.box
        dr = r_max / self.nb
        d = pos.unsqueeze(2) - pos.unsqueeze(1)
        box_t = torch.tensor(self.box, device=pos.device, dtype=pos.dtype)
        dr_t = torch.tensor(dr, device=pos.device, dtype=pos.dtype)
        d = d - self.box * torch.round(d / box_t)
        dx, dy, dz = d.unbind(3)
        r = torch.sqrt(dx * dx + dy * dy + dz * dz)
        iu = torch.triu_indices(n, n, offset=1, device=pos.device)
        r = r[:, iu[0], iu[1]]
        k = torch.floor(r / dr_t).long()
        valid = k < self.nb
        counts = torch.zeros(f, self.nb, device=pos.device, dtype=torch.float32)
        counts.scatter_add_(1, torch.where(valid, k, torch.zeros_like(k)), valid.float())
        edges = torch.arange(self.nb + 1, device=pos.device, dtype=torch.float32) * dr
        shell = (4.0 / 3.0) * math.pi * (edges[1:] ** 3 - edges[:-1] ** 3)
        rho = n / self.box ** 3
        return 2.0 * counts / (n * rho * shell)


def get_inputs():
    return [torch.rand(num_frames, num_particles, 3) * box]


def get_init_inputs():
    return [num_bins, box]
