"""First super-diagonal of each matrix in a batch: torch.diagonal(x, offset, dim1=1, dim2=2)."""

import torch
import torch.nn as nn

batch_size = 12
rows = 40
cols = 45
offset = 1


class Model(nn.Module):
    def __init__(self, offset: int):
        super().__init__()
        self.offset = offset

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.diagonal(x, offset=self.offset, dim1=1, dim2=2)


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return [offset]
