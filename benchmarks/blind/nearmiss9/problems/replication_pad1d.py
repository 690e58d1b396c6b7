"""Replication (edge) padding of the last dimension."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 16
length = 250
pad_left = 3
pad_right = 5


class Model(nn.Module):
    def __init__(self, pad_left: int, pad_right: int):
        super().__init__()
        self.pad = (pad_left, pad_right)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.pad(x, self.pad, mode="replicate")


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [pad_left, pad_right]
