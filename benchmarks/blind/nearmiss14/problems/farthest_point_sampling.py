"""Farthest point sampling of point clouds, starting from point 0 (PointNet++ furthest_point_sample)."""

import torch
import torch.nn as nn

batch_size = 3
num_points = 64
num_samples = 8


class Model(nn.Module):
    def __init__(self, npoint: int):
        super().__init__()
        self.npoint = npoint

    def forward(self, xyz):
        b, n, _ = xyz.shape
        idx = torch.zeros(b, self.npoint, dtype=torch.long, device=xyz.device)
        dist = torch.full((b, n), 1e10, device=xyz.device)
        far = torch.zeros(b, dtype=torch.long, device=xyz.device)
        rows = torch.arange(b, device=xyz.device)
        for i in range(self.npoint):
            idx[:, i] = far
            c = xyz[rows, far].unsqueeze(1)
            diff = xyz - c
            d = diff[..., 0] * diff[..., 0] + diff[..., 1] * diff[..., 1] + diff[..., 2] * diff[..., 2]
            dist = torch.minimum(dist, d)
            far = dist.argmax(dim=-1)
        return idx


def get_inputs():
    return [torch.rand(batch_size, num_points, 3)]


def get_init_inputs():
    return [num_samples]
