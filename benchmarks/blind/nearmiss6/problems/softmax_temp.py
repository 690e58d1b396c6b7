"""Softmax with a temperature (distillation / sampling style)."""

import torch
import torch.nn as nn

batch_size = 8
dim = 1000
temperature = 0.7


class Model(nn.Module):
    def __init__(self, temperature: float):
        super().__init__()
        self.temperature = temperature

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x / self.temperature, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [temperature]
