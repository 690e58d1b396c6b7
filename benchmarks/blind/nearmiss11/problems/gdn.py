"""Generalized divisive normalization (Balle et al., 2016) over the channels of an NCHW tensor."""

import torch
import torch.nn as nn

batch_size = 2
channels = 8
height = 20
width = 20


class Model(nn.Module):
    """y_c = x_c / sqrt(beta_c + sum_j gamma[c, j] * x_j^2), per pixel."""

    def __init__(self, channels: int):
        super().__init__()
        self.beta = nn.Parameter(torch.rand(channels) + 0.5)
        self.gamma = nn.Parameter(0.1 * torch.eye(channels) + 0.05 * torch.rand(channels, channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        norm = torch.einsum("cj,njhw->nchw", self.gamma, x * x) + self.beta.view(1, -1, 1, 1)
        return x * torch.rsqrt(norm)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
