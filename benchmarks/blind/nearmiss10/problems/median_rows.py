"""Row-wise median (torch.median values along dim 1)."""

import torch
import torch.nn as nn

batch_size = 48
dim = 101


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.median(x, dim=1).values


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
