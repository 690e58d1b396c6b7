"""ELiSH activation (Basirat & Roth 2018): x * sigmoid(x) for x >= 0, (exp(x) - 1) * sigmoid(x) for x < 0."""

import torch
import torch.nn as nn

batch_size = 16
dim = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = torch.sigmoid(x)
        return torch.where(x >= 0, x * s, torch.expm1(x) * s)


def get_inputs():
    return [torch.randn(batch_size, dim) * 3.0]


def get_init_inputs():
    return []
