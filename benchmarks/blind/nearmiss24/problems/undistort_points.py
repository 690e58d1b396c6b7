"""Iterative undistortion of pixel coordinates under the Brown-Conrady model (radial k1, k2, k3 and tangential
p1, p2), as in OpenCV's undistortPoints: fixed-point iterations from the normalised distorted point. Each camera
has its own intrinsics row [fx, fy, cx, cy, k1, k2, p1, p2, k3]."""

import torch
import torch.nn as nn

num_cameras = 4
num_points = 500
num_iters = 5


class Model(nn.Module):
    def __init__(self, num_iters: int):
        super().__init__()
        self.num_iters = num_iters

    def forward(self, pts, params):
        fx, fy, cx, cy, k1, k2, p1, p2, k3 = [params[:, i : i + 1] for i in range(9)]
        x0 = (pts[..., 0] - cx) / fx
        y0 = (pts[..., 1] - cy) / fy
        x, y = x0, y0
        for _ in range(self.num_iters):
            r2 = x * x + y * y
            icdist = 1.0 / (1.0 + ((k3 * r2 + k2) * r2 + k1) * r2)
            dx = 2.0 * p1 * x * y + p2 * (r2 + 2.0 * x * x)
            dy = p1 * (r2 + 2.0 * y * y) + 2.0 * p2 * x * y
            x = (x0 - dx) * icdist
            y = (y0 - dy) * icdist
        return torch.stack([x, y], -1)


def get_inputs():
    B = num_cameras
    f = 500.0 + torch.rand(B) * 200.0
    params = torch.stack([
        f, f * (1.05 + torch.rand(B) * 0.1),
        320.0 + torch.randn(B) * 10.0, 240.0 + torch.randn(B) * 10.0,
        -0.3 + torch.rand(B) * 0.2, 0.05 + torch.rand(B) * 0.1,
        (torch.rand(B) - 0.5) * 0.01, (torch.rand(B) - 0.5) * 0.01,
        (torch.rand(B) - 0.5) * 0.02,
    ], 1)
    pts = torch.rand(B, num_points, 2) * torch.tensor([640.0, 480.0])
    return [pts, params]


def get_init_inputs():
    return [num_iters]
