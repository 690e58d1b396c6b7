"""Local response normalisation across channels (AlexNet style)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 16
height = 24
width = 25


class Model(nn.Module):
    def __init__(self, size: int = 4, alpha: float = 0.1, beta: float = 0.75, k: float = 2.0):
        super().__init__()
        self.lrn = nn.LocalResponseNorm(size, alpha=alpha, beta=beta, k=k)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lrn(x)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
