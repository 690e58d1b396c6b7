"""Level 1: log-softmax over dim 1 of a (batch, dim) matrix."""

import torch
import torch.nn as nn

batch_size = 16
dim = 2500


class Model(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.log_softmax(x, dim=self.dim)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1]
