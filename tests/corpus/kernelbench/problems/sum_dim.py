"""Level 1: sum over one dimension of a 3-D tensor, keepdim=True; the axis is a constructor argument."""

import torch
import torch.nn as nn

batch_size = 4
dim1 = 64
dim2 = 48
reduce_dim = 1


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=self.dim, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return [reduce_dim]
