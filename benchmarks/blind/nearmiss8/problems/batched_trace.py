"""Sum of the offset diagonal of each matrix in a batch of (rows x cols) matrices."""

import torch
import torch.nn as nn

batch_size = 10
rows = 57
cols = 40
offset = 1


class Model(nn.Module):
    def __init__(self, offset: int):
        super().__init__()
        self.offset = offset

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.diagonal(x, offset=self.offset, dim1=1, dim2=2).sum(-1)


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return [offset]
