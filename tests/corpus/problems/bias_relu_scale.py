"""Fused epilogue of a linear layer: relu(x + bias) * scale, bias broadcast over rows."""

import torch
import torch.nn as nn

batch_size = 32
features = 500


class Model(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return torch.relu(x + bias) * self.scale


def get_inputs():
    return [torch.randn(batch_size, features), torch.randn(features)]


def get_init_inputs():
    return [0.5]
