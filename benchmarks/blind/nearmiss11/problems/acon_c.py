"""ACON-C activation with per-channel learnable p1, p2 and beta on an NCHW tensor."""

import torch
import torch.nn as nn

batch_size = 2
channels = 12
height = 15
width = 17


class Model(nn.Module):
    """ACON-C (Ma et al., 2021): (p1 - p2) x * sigmoid(beta (p1 - p2) x) + p2 x, parameters per channel."""

    def __init__(self, channels: int):
        super().__init__()
        self.p1 = nn.Parameter(torch.randn(1, channels, 1, 1))
        self.p2 = nn.Parameter(torch.randn(1, channels, 1, 1))
        self.beta = nn.Parameter(1.0 + 0.5 * torch.randn(1, channels, 1, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        d = (self.p1 - self.p2) * x
        return d * torch.sigmoid(self.beta * d) + self.p2 * x


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
