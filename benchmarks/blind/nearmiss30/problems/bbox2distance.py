"""mmdet bbox2distance: the (left, top, right, bottom) distances from each point to its box
(x1, y1, x2, y2), clamped to [0, max_dis - 0.01]."""

import torch
import torch.nn as nn

num_points = 2000


class Model(nn.Module):
    def __init__(self, max_dis: float):
        super().__init__()
        self.max_dis = max_dis
        self.eps = 0.01

    def forward(self, points: torch.Tensor, bbox: torch.Tensor) -> torch.Tensor:
        left = points[:, 0] - bbox[:, 0]
        top = points[:, 1] - bbox[:, 1]
        right = bbox[:, 2] - points[:, 0]
        bottom = bbox[:, 3] - points[:, 1]
        hi = self.max_dis - self.eps
        return torch.stack([left.clamp(0, hi), top.clamp(0, hi), right.clamp(0, hi), bottom.clamp(0, hi)], -1)


def get_inputs():
    points = torch.rand(num_points, 2) * 64.0
    c = points + torch.randn(num_points, 2) * 6.0
    wh = torch.rand(num_points, 2) * 40.0 + 2.0
    bbox = torch.cat([c - wh / 2, c + wh / 2], dim=1)
    return [points, bbox]


def get_init_inputs():
    return [16.0]
