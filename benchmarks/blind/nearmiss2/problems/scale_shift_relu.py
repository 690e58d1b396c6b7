"""Per-feature affine (scale, shift) followed by ReLU, as in a folded BatchNorm + ReLU."""

import torch
import torch.nn as nn

batch_size = 16
features = 1000


class Model(nn.Module):
    def __init__(self, features: int):
        super().__init__()
        self.scale = nn.Parameter(1.0 + 0.2 * torch.randn(features))
        self.shift = nn.Parameter(0.2 * torch.randn(features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x * self.scale + self.shift)


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
