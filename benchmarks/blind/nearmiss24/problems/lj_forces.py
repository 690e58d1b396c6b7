"""Lennard-Jones forces in a periodic cubic box (minimum-image convention, truncated at a cutoff radius), as in
molecular-dynamics codes: F_i = sum_j 24 eps (2 (s/r)^12 - (s/r)^6) / r^2 * (r_i - r_j)."""

import torch
import torch.nn as nn

cells_per_side = 6


class Model(nn.Module):
    def __init__(self, box: float, epsilon: float = 1.0, sigma: float = 1.0, cutoff: float = 2.5):
        super().__init__()
        self.box = box
        self.epsilon = epsilon
        self.sigma = sigma
        self.cutoff = cutoff

    def forward(self, pos):
        n = pos.shape[0]
        d = pos[:, None, :] - pos[None, :, :]
        d = d - self.box * torch.round(d / self.box)
        r2 = (d * d).sum(-1)
        eye = torch.eye(n, dtype=torch.bool, device=pos.device)
        keep = (r2 < self.cutoff * self.cutoff) & ~eye
        r2s = torch.where(keep, r2, torch.ones_like(r2))
        inv2 = self.sigma * self.sigma / r2s
        inv6 = inv2 * inv2 * inv2
        fmag = 24.0 * self.epsilon * (2.0 * inv6 * inv6 - inv6) / r2s
        fmag = torch.where(keep, fmag, torch.zeros_like(fmag))
        return (fmag[..., None] * d).sum(1)


def get_inputs():
    n = cells_per_side
    spacing = 1.2
    g = torch.arange(n, dtype=torch.float32)
    lattice = torch.stack(torch.meshgrid(g, g, g, indexing="ij"), -1).reshape(-1, 3) * spacing
    pos = lattice + (torch.rand(n ** 3, 3) - 0.5) * 0.3
    pos = pos[torch.randperm(n ** 3)]
    return [pos.contiguous()]


def get_init_inputs():
    return [cells_per_side * 1.2]
