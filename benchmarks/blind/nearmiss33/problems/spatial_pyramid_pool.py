"""Spatial pyramid pooling (SPPNet): adaptive max pooling to 1 x 1, 2 x 2, 4 x 4, ... grids, each flattened per
sample and concatenated level by level."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 10
height = 13
width = 11
num_levels = 3


class Model(nn.Module):
    def __init__(self, levels: int):
        super().__init__()
        self.levels = levels

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        outs = []
        for level in range(self.levels):
            outs.append(F.adaptive_max_pool2d(x, 2 ** level).flatten(1))
        return torch.cat(outs, dim=1)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width) + 1.0]


def get_init_inputs():
    return [num_levels]
