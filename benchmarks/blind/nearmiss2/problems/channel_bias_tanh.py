"""Per-channel bias added to an NCHW activation, then tanh."""

import torch
import torch.nn as nn

batch_size = 2
channels = 16
height = 16
width = 16


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x + self.bias.view(1, -1, 1, 1))


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
