"""PolyNorm: weighted sum of RMS-normalised x^3, x^2 and x plus a bias."""

import torch
import torch.nn as nn

batch_size = 24
hidden = 300


class Model(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(3))
        self.bias = nn.Parameter(torch.randn(1))
        self.eps = eps

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (self.weight[0] * self._norm(x ** 3) + self.weight[1] * self._norm(x ** 2)
                + self.weight[2] * self._norm(x) + self.bias)


def get_inputs():
    return [torch.randn(batch_size, hidden)]


def get_init_inputs():
    return []
