"""Ball query: the first nsample point indices within a radius of each centre, padded with the first one (PointNet++)."""

import torch
import torch.nn as nn

batch_size = 2
num_points = 64
num_centers = 16
nsample = 8


class Model(nn.Module):
    def __init__(self, radius: float, nsample: int):
        super().__init__()
        self.radius = radius
        self.nsample = nsample

    def forward(self, xyz, new_xyz):
        diff = new_xyz[:, :, None, :] - xyz[:, None, :, :]
        d2 = diff[..., 0] * diff[..., 0] + diff[..., 1] * diff[..., 1] + diff[..., 2] * diff[..., 2]
        within = d2 < self.radius * self.radius
        n = xyz.shape[1]
        order = torch.arange(n, device=xyz.device).expand_as(within)
        key = torch.where(within, order, torch.full_like(order, n))
        first_k = key.sort(dim=-1).values[..., : self.nsample]
        first = first_k[..., :1]
        return torch.where(first_k == n, first.expand_as(first_k), first_k)


def get_inputs():
    xyz = torch.rand(batch_size, num_points, 3)
    new_xyz = xyz[:, :num_centers].clone()
    return [xyz, new_xyz]


def get_init_inputs():
    return [0.3, nsample]
