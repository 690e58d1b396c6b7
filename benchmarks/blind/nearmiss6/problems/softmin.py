"""Softmin over the last dimension."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 8
dim = 999


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.softmin(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
