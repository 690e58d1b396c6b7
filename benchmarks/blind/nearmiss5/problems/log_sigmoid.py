"""Elementwise log-sigmoid."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.logsigmoid(x)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return []
