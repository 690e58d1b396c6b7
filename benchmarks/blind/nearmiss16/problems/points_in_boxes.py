"""Points in rotated 3D boxes (mmdet3d points_in_boxes_part): index of the first box holding each point, else -1.

Boxes are (x, y, z, dx, dy, dz, yaw) with (x, y, z) the bottom center, as in LiDAR box conventions."""

import torch
import torch.nn as nn

batch_size = 2
num_points = 2048
num_boxes = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
        p = points[:, :, None, :]
        b = boxes[:, None, :, :]
        cz = b[..., 2] + b[..., 5] * 0.5
        in_z = (p[..., 2] - cz).abs() <= b[..., 5] * 0.5
        sx = p[..., 0] - b[..., 0]
        sy = p[..., 1] - b[..., 1]
        cosa = torch.cos(-b[..., 6])
        sina = torch.sin(-b[..., 6])
        lx = sx * cosa - sy * sina
        ly = sx * sina + sy * cosa
        inside = in_z & (lx.abs() < b[..., 3] * 0.5) & (ly.abs() < b[..., 4] * 0.5)
        m = boxes.shape[1]
        idx = torch.arange(m, device=points.device).expand_as(inside)
        first = torch.where(inside, idx, torch.full_like(idx, m)).min(dim=-1).values
        return torch.where(first == m, torch.full_like(first, -1), first)


def get_inputs():
    points = torch.rand(batch_size, num_points, 3) * torch.tensor([20.0, 20.0, 4.0]) - torch.tensor([10.0, 10.0, 2.0])
    centers = torch.rand(batch_size, num_boxes, 3) * torch.tensor([12.0, 12.0, 1.0]) - torch.tensor([6.0, 6.0, 1.5])
    sizes = torch.rand(batch_size, num_boxes, 3) * torch.tensor([6.0, 4.0, 2.0]) + torch.tensor([2.0, 1.5, 1.0])
    yaw = (torch.rand(batch_size, num_boxes, 1) * 2.0 - 1.0) * 3.14159
    return [points, torch.cat([centers, sizes, yaw], dim=-1)]


def get_init_inputs():
    return []
