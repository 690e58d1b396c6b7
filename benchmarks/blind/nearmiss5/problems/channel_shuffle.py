"""Channel shuffle (ShuffleNet) with a given number of groups."""

import torch
import torch.nn as nn

batch_size = 2
channels = 12
height = 8
width = 10


class Model(nn.Module):
    def __init__(self, groups: int):
        super().__init__()
        self.groups = groups

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, c, h, w = x.shape
        g = self.groups
        return x.view(n, g, c // g, h, w).transpose(1, 2).reshape(n, c, h, w)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [3]
