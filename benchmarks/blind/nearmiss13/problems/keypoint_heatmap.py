"""Render one Gaussian heatmap per keypoint (pose-estimation targets)."""

import torch
import torch.nn as nn

batch_size = 2
num_keypoints = 5
height = 24
width = 40
sigma_value = 2.0


class Model(nn.Module):
    def __init__(self, height: int, width: int, sigma: float):
        super().__init__()
        self.height = height
        self.width = width
        self.sigma = sigma

    def forward(self, centers):
        ys = torch.arange(self.height, dtype=centers.dtype)
        xs = torch.arange(self.width, dtype=centers.dtype)
        cx = centers[..., 0][..., None, None]
        cy = centers[..., 1][..., None, None]
        d2 = (xs[None, None, None, :] - cx) ** 2 + (ys[None, None, :, None] - cy) ** 2
        return torch.exp(-d2 / (2 * self.sigma ** 2))


def get_inputs():
    return [torch.rand(batch_size, num_keypoints, 2) * torch.tensor([float(width), float(height)])]


def get_init_inputs():
    return [height, width, sigma_value]
