"""IQL value loss: asymmetric (expectile) L2 on the TD difference q - v, averaged."""

import torch
import torch.nn as nn

num_samples = 3000


class Model(nn.Module):
    def __init__(self, expectile: float = 0.7):
        super().__init__()
        self.expectile = expectile

    def forward(self, q: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        u = q - v
        weight = torch.abs(self.expectile - (u < 0).to(u.dtype))
        return (weight * u * u).mean()


def get_inputs():
    q = torch.randn(num_samples) * 2.0 + 1.0
    v = torch.randn(num_samples) * 2.0 + 0.5
    return [q, v]


def get_init_inputs():
    return [0.7]
