"""CBAM spatial-attention descriptor: channel mean and channel max, concatenated."""

import torch
import torch.nn as nn

batch_size = 2
channels = 48
height = 16
width = 20


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([x.mean(dim=1, keepdim=True), x.amax(dim=1, keepdim=True)], dim=1)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
