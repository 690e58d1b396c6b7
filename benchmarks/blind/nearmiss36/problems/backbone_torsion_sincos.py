"""Torsion angles of consecutive atom quadruples along chains, returned as (cos, sin) pairs (IUPAC sign convention:
atan2(|b2| b1 . (b2 x b3), (b1 x b2) . (b2 x b3)), as used for protein backbone features)."""

import torch
import torch.nn as nn

batch_size = 3
num_atoms = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, coords: torch.Tensor) -> torch.Tensor:
        b1 = coords[:, 1:-2] - coords[:, :-3]
        b2 = coords[:, 2:-1] - coords[:, 1:-2]
        b3 = coords[:, 3:] - coords[:, 2:-1]
        n1 = torch.cross(b1, b2, dim=2)
        n2 = torch.cross(b2, b3, dim=2)
        x = (n1 * n2).sum(dim=2)
        y = b2.norm(dim=2) * (b1 * n2).sum(dim=2)
        r = torch.sqrt(x * x + y * y)
        return torch.stack([x / r, y / r], dim=2)


def get_inputs():
    steps = torch.randn(batch_size, num_atoms, 3)
    steps = 1.5 * steps / steps.norm(dim=2, keepdim=True)
    return [torch.cumsum(steps, dim=1)]


def get_init_inputs():
    return []
