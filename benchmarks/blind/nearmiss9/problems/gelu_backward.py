"""Input gradient of exact (erf) GELU."""

import math

import torch
import torch.nn as nn

batch_size = 32
dim = 511


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, dy: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        cdf = 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
        pdf = torch.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)
        return dy * (cdf + x * pdf)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return []
