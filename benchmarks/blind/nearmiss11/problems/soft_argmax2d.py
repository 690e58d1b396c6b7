"""Spatial soft-argmax of keypoint heatmaps: expected (x, y) pixel coordinates under a softmax over
each map."""

import torch
import torch.nn as nn

batch_size = 2
num_keypoints = 6
height = 17
width = 23


class Model(nn.Module):
    """(B, K, H, W) -> (B, K, 2) with [..., 0] the expected column and [..., 1] the expected row."""

    def __init__(self):
        super().__init__()

    def forward(self, heat: torch.Tensor) -> torch.Tensor:
        B, K, H, W = heat.shape
        p = torch.softmax(heat.reshape(B, K, H * W), dim=-1).reshape(B, K, H, W)
        xs = torch.arange(W, dtype=heat.dtype, device=heat.device)
        ys = torch.arange(H, dtype=heat.dtype, device=heat.device)
        x = (p.sum(dim=2) * xs).sum(dim=-1)
        y = (p.sum(dim=3) * ys).sum(dim=-1)
        return torch.stack([x, y], dim=-1)


def get_inputs():
    return [3.0 * torch.randn(batch_size, num_keypoints, height, width)]


def get_init_inputs():
    return []
