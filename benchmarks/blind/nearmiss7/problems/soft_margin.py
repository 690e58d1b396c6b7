"""Soft margin loss: the mean of softplus(-y * x)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 40
dim = 511


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return F.softplus(-y * x).mean()


def get_inputs():
    y = torch.randint(0, 2, (batch_size, dim)).float() * 2 - 1
    return [torch.randn(batch_size, dim), y]


def get_init_inputs():
    return []
