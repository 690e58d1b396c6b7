"""Normalised Gram matrix of feature maps (style loss): F F^T / (C * H * W) per sample."""

import torch
import torch.nn as nn

batch_size = 2
channels = 48
height = 12
width = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, c, h, w = x.shape
        f = x.reshape(b, c, h * w)
        return torch.bmm(f, f.transpose(1, 2)) / (c * h * w)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
