"""PReLU with one learned slope per channel on an NCHW tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 8
height = 15
width = 17


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(channels) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.prelu(x, self.weight)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
