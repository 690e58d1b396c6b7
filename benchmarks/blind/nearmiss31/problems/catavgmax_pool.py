"""Concatenated global average and max pooling of NCHW feature maps (timm-style catavgmax, 1 x 1 output)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 24
height = 9
width = 11


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([F.adaptive_avg_pool2d(x, 1), F.adaptive_max_pool2d(x, 1)], dim=1)


def get_inputs():
    x = torch.randn(batch_size, channels, height, width)
    x[:, ::3] -= 6.0
    return [x]


def get_init_inputs():
    return []
