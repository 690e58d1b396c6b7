"""Softened gravitational accelerations of N bodies (G = 1, Plummer softening eps)."""

import torch
import torch.nn as nn

num_bodies = 200


class Model(nn.Module):
    def __init__(self, eps=0.1):
        super().__init__()
        self.eps = eps

    def forward(self, pos, mass):
        diff = pos[None, :, :] - pos[:, None, :]
        d2 = (diff * diff).sum(dim=-1) + self.eps * self.eps
        inv3 = d2 ** -1.5
        return (diff * (mass[None, :] * inv3)[..., None]).sum(dim=1)


def get_inputs():
    return [torch.randn(num_bodies, 3), torch.rand(num_bodies) + 0.5]


def get_init_inputs():
    return []
