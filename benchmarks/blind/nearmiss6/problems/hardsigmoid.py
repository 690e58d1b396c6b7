"""Hard sigmoid activation on a 4-D activation map."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 13
height = 21
width = 21


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.hardsigmoid(x)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width) * 3.0]


def get_init_inputs():
    return []
