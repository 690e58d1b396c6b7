"""Filter Response Normalization with a thresholded linear unit (TLU)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 32
height = 12
width = 13


class Model(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-6):
        super().__init__()
        self.gamma = nn.Parameter(1.0 + 0.1 * torch.randn(1, channels, 1, 1))
        self.beta = nn.Parameter(0.1 * torch.randn(1, channels, 1, 1))
        self.tau = nn.Parameter(0.1 * torch.randn(1, channels, 1, 1))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        nu2 = x.pow(2).mean(dim=(2, 3), keepdim=True)
        x = x * torch.rsqrt(nu2 + self.eps)
        return torch.max(self.gamma * x + self.beta, self.tau)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, 1e-6]
