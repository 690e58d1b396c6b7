"""Adaptive average pooling over the last dimension (bins overlap when the length does not divide)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 8
length = 50
output_size = 7


class Model(nn.Module):
    def __init__(self, output_size: int):
        super().__init__()
        self.output_size = output_size

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.adaptive_avg_pool1d(x, self.output_size)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [output_size]
