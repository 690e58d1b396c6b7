"""Sampson (first-order geometric) epipolar error of point correspondences under a fundamental matrix."""

import torch
import torch.nn as nn

batch_size = 4
num_points = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pts1: torch.Tensor, pts2: torch.Tensor, fmat: torch.Tensor) -> torch.Tensor:
        ones = torch.ones(pts1.shape[:-1] + (1,), device=pts1.device, dtype=pts1.dtype)
        x1 = torch.cat([pts1, ones], dim=-1)
        x2 = torch.cat([pts2, ones], dim=-1)
        fx1 = x1 @ fmat.transpose(1, 2)
        ftx2 = x2 @ fmat
        num = torch.sum(x2 * fx1, dim=-1) ** 2
        den = fx1[..., 0] ** 2 + fx1[..., 1] ** 2 + ftx2[..., 0] ** 2 + ftx2[..., 1] ** 2
        return num / (den + 1e-8)


def get_inputs():
    pts1 = torch.rand(batch_size, num_points, 2) * 2.0 - 1.0
    pts2 = pts1 + 0.1 * torch.randn(batch_size, num_points, 2)
    fmat = torch.randn(batch_size, 3, 3)
    return [pts1, pts2, fmat]


def get_init_inputs():
    return []
