"""Pairwise IoU between two sets of (x1, y1, x2, y2) boxes."""

import torch
import torch.nn as nn

num_boxes1 = 60
num_boxes2 = 70


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, b1: torch.Tensor, b2: torch.Tensor) -> torch.Tensor:
        a1 = (b1[:, 2] - b1[:, 0]) * (b1[:, 3] - b1[:, 1])
        a2 = (b2[:, 2] - b2[:, 0]) * (b2[:, 3] - b2[:, 1])
        lt = torch.max(b1[:, None, :2], b2[None, :, :2])
        rb = torch.min(b1[:, None, 2:], b2[None, :, 2:])
        wh = (rb - lt).clamp(min=0)
        inter = wh[..., 0] * wh[..., 1]
        return inter / (a1[:, None] + a2[None, :] - inter)


def _boxes(n):
    xy = torch.rand(n, 2) * 20.0
    wh = torch.rand(n, 2) * 6.0 + 0.5
    return torch.cat([xy, xy + wh], dim=1)


def get_inputs():
    return [_boxes(num_boxes1), _boxes(num_boxes2)]


def get_init_inputs():
    return []
