"""Dynamic Tanh (DyT), a normalisation-free replacement for LayerNorm: w * tanh(alpha * x) + b."""

import torch
import torch.nn as nn

batch_size = 12
hidden = 1531


class Model(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.alpha = nn.Parameter(torch.full((1,), 0.5))
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.bias = nn.Parameter(0.1 * torch.randn(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.weight * torch.tanh(self.alpha * x) + self.bias


def get_inputs():
    return [torch.randn(batch_size, hidden)]


def get_init_inputs():
    return [hidden]
