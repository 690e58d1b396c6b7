"""Mass-weighted radius of gyration of every frame of a trajectory (as MDAnalysis' radius_of_gyration)."""

import torch
import torch.nn as nn

num_frames = 64
num_atoms = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pos: torch.Tensor, mass: torch.Tensor) -> torch.Tensor:
        m = mass[None, :, None]
        tot = mass.sum()
        com = (pos * m).sum(1, keepdim=True) / tot
        sq = ((pos - com) ** 2).sum(-1)
        return torch.sqrt((sq * mass[None, :]).sum(1) / tot)


def get_inputs():
    base = torch.cumsum(torch.randn(num_atoms, 3) * 1.5, dim=0)
    pos = base[None] + 0.5 * torch.randn(num_frames, num_atoms, 3) + 5.0
    mass = torch.tensor([1.008, 12.011, 14.007, 15.999, 32.06])[torch.randint(0, 5, (num_atoms,))]
    return [pos, mass]


def get_init_inputs():
    return []
