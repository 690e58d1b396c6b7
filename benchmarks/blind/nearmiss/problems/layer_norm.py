"""LayerNorm over the hidden dimension with an elementwise affine (weight and bias as inputs)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
hidden = 1024


class Model(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, (x.shape[-1],), weight, bias, self.eps)


def get_inputs():
    x = torch.randn(batch_size, hidden)
    weight = 1.0 + 0.5 * torch.randn(hidden)
    bias = 0.1 * torch.randn(hidden)
    return [x, weight, bias]


def get_init_inputs():
    return [1e-5]
