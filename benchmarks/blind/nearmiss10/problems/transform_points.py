"""Apply a batch of 4x4 projective transforms to 3-D points (homogeneous divide)."""

import torch
import torch.nn as nn

batch_size = 8
num_points = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points: torch.Tensor, mats: torch.Tensor) -> torch.Tensor:
        ones = torch.ones_like(points[..., :1])
        ph = torch.cat([points, ones], dim=-1)
        out = torch.matmul(ph, mats.transpose(1, 2))
        return out[..., :3] / out[..., 3:]


def get_inputs():
    points = torch.randn(batch_size, num_points, 3)
    mats = torch.eye(4).expand(batch_size, 4, 4) + 0.3 * torch.randn(batch_size, 4, 4)
    mats[:, 3, :3] = 0.05 * torch.randn(batch_size, 3)
    mats[:, 3, 3] = 1.0
    return [points, mats]


def get_init_inputs():
    return []
