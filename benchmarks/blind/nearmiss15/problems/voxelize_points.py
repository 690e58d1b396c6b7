"""Point-cloud voxelisation (the coordinate step of a voxel / pillar encoder): integer voxel
coordinates floor((p - range_min) / voxel_size) per point, or -1 for points outside the range."""

import torch
import torch.nn as nn

num_points = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("range_min", torch.tensor([-4.0, -4.0, -2.0]))
        self.register_buffer("voxel_size", torch.tensor([0.25, 0.25, 0.5]))
        self.grid_size = [32, 32, 8]

    def forward(self, points):
        coords = torch.floor((points - self.range_min) / self.voxel_size).long()
        grid = torch.tensor(self.grid_size, device=points.device)
        valid = ((coords >= 0) & (coords < grid)).all(dim=-1, keepdim=True)
        return torch.where(valid, coords, torch.full_like(coords, -1))


def get_inputs():
    span = torch.tensor([5.0, 5.0, 2.5])
    return [(torch.rand(num_points, 3) * 2.0 - 1.0) * span]


def get_init_inputs():
    return []
