"""Global max pooling of an NCHW map to (N, C)."""

import torch
import torch.nn as nn

batch_size = 4
channels = 48
height = 9
width = 9


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.amax(dim=(2, 3))


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
