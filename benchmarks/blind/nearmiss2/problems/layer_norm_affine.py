"""LayerNorm over the last dimension with learned weight and bias."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
hidden = 1024
eps = 1e-5


class Model(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.bias = nn.Parameter(0.1 * torch.randn(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, (x.shape[-1],), self.weight, self.bias, self.eps)


def get_inputs():
    # a residual-stream-like activation: not centred, not unit scale
    return [2.0 * torch.randn(batch_size, hidden) + 0.5]


def get_init_inputs():
    return [hidden, eps]
