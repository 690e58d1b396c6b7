"""Snake activation with a learnable per-channel frequency (BigVGAN style), on (B, C, L) input."""

import torch
import torch.nn as nn

batch_size = 4
channels = 24
length = 250


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.alpha = nn.Parameter(torch.rand(channels) * 0.9 + 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.alpha.view(1, -1, 1)
        return x + (1.0 / (a + 1e-9)) * torch.sin(a * x).pow(2)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels]
