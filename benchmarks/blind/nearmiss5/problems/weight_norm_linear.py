"""Linear layer with weight normalization: W = g * v / ||v|| (per output row), y = x W^T + b."""

import torch
import torch.nn as nn

batch_size = 24
in_features = 64
out_features = 40


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.v = nn.Parameter(torch.randn(out_features, in_features) * 0.1)
        self.g = nn.Parameter(torch.rand(out_features) + 0.5)
        self.b = nn.Parameter(torch.randn(out_features) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.g[:, None] * self.v / self.v.norm(dim=1, keepdim=True)
        return x @ w.t() + self.b


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
