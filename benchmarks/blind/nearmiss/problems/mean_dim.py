"""Mean over the middle dimension of a 3-D tensor (batch, dim1, dim2) -> (batch, dim2)."""

import torch
import torch.nn as nn

batch_size = 16
dim1 = 64
dim2 = 48


class Model(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.mean(x, dim=self.dim)


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return [1]
