"""Pinhole projection of camera-frame points to pixels with per-camera intrinsics (depth clamped away from zero)."""

import torch
import torch.nn as nn

batch_size = 4
num_points = 1500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
        z = points[..., 2].clamp(min=1e-3)
        fx = K[:, 0, 0][:, None]
        fy = K[:, 1, 1][:, None]
        cx = K[:, 0, 2][:, None]
        cy = K[:, 1, 2][:, None]
        u = fx * points[..., 0] / z + cx
        v = fy * points[..., 1] / z + cy
        return torch.stack([u, v], dim=-1)


def get_inputs():
    xy = torch.randn(batch_size, num_points, 2) * 2.0
    z = torch.rand(batch_size, num_points, 1) * 10.0 + 0.5
    K = torch.zeros(batch_size, 3, 3)
    K[:, 0, 0] = 500.0 + torch.rand(batch_size) * 100.0
    K[:, 1, 1] = 480.0 + torch.rand(batch_size) * 100.0
    K[:, 0, 2] = 320.0 + torch.randn(batch_size)
    K[:, 1, 2] = 240.0 + torch.randn(batch_size)
    K[:, 2, 2] = 1.0
    return [torch.cat([xy, z], dim=-1), K]


def get_init_inputs():
    return []
