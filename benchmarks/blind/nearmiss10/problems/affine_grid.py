"""F.affine_grid for 2-D affine matrices (align_corners=False)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 3
height = 24
width = 37


class Model(nn.Module):
    def __init__(self, channels: int, height: int, width: int):
        super().__init__()
        self.channels = channels
        self.height = height
        self.width = width

    def forward(self, theta: torch.Tensor) -> torch.Tensor:
        size = [theta.shape[0], self.channels, self.height, self.width]
        return F.affine_grid(theta, size, align_corners=False)


def get_inputs():
    theta = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]) + 0.3 * torch.randn(batch_size, 2, 3)
    return [theta]


def get_init_inputs():
    return [channels, height, width]
