"""Coulomb-matrix molecular descriptor (Rupp et al. 2012) of zero-padded molecules."""

import torch
import torch.nn as nn

batch_size = 6
max_atoms = 23


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, charges: torch.Tensor, coords: torch.Tensor) -> torch.Tensor:
        n = charges.shape[1]
        diff = coords[:, :, None, :] - coords[:, None, :, :]
        dist = torch.sqrt((diff * diff).sum(dim=-1))
        eye = torch.eye(n, dtype=torch.bool, device=charges.device)[None]
        real = (charges[:, :, None] > 0) & (charges[:, None, :] > 0)
        off_mask = real & ~eye
        zz = charges[:, :, None] * charges[:, None, :]
        off = torch.where(off_mask, zz / torch.where(off_mask, dist, torch.ones_like(dist)), torch.zeros_like(dist))
        diag = 0.5 * torch.pow(charges, 2.4)
        return torch.where(eye, diag[:, :, None].expand_as(off), off)


def get_inputs():
    table = torch.tensor([1.0, 6.0, 7.0, 8.0, 16.0])
    kinds = torch.randint(0, 5, (batch_size, max_atoms))
    charges = table[kinds]
    counts = torch.randint(max_atoms // 2, max_atoms + 1, (batch_size,))
    counts[0] = max_atoms
    pad = torch.arange(max_atoms)[None, :] >= counts[:, None]
    charges = torch.where(pad, torch.zeros_like(charges), charges)
    coords = 1.5 * torch.randn(batch_size, max_atoms, 3)
    coords = torch.where(pad[:, :, None], torch.zeros_like(coords), coords)
    return [charges, coords]


def get_init_inputs():
    return []
