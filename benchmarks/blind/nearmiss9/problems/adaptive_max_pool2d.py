"""Adaptive 2-D max pooling to a fixed output size."""

import torch
import torch.nn as nn

batch_size = 4
channels = 16
height = 13
width = 17
out_h = 4
out_w = 5


class Model(nn.Module):
    def __init__(self, out_h: int, out_w: int):
        super().__init__()
        self.pool = nn.AdaptiveMaxPool2d((out_h, out_w))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.pool(x)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [out_h, out_w]
