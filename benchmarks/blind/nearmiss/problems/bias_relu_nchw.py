"""Convolution epilogue: per-channel bias added to an NCHW activation, then ReLU."""

import torch
import torch.nn as nn

batch_size = 4
channels = 16
height = 32
width = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return torch.relu(x + bias.view(1, -1, 1, 1))


def get_inputs():
    return [torch.randn(batch_size, channels, height, width), torch.randn(channels)]


def get_init_inputs():
    return []
