"""LeakyReLU with a configurable negative slope."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1500
negative_slope = 0.2


class Model(nn.Module):
    def __init__(self, negative_slope: float):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.leaky_relu(x, self.negative_slope)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [negative_slope]
