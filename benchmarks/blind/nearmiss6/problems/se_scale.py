"""Squeeze-and-excitation rescale: x * sigmoid(gate) with one gate per (sample, channel)."""

import torch
import torch.nn as nn

batch_size = 4
channels = 24
height = 11
width = 13


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        return x * torch.sigmoid(gate)[:, :, None, None]


def get_inputs():
    return [torch.randn(batch_size, channels, height, width), torch.randn(batch_size, channels)]


def get_init_inputs():
    return []
