"""Level 1: max over one dimension of a 3-D tensor (values only)."""

import torch
import torch.nn as nn

batch_size = 4
dim1 = 16
dim2 = 256
reduce_dim = 2


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.max(x, dim=self.dim)[0]


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return [reduce_dim]
