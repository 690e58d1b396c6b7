"""Sum over the rows (dim 0) of a tall matrix: one total per column."""

import torch
import torch.nn as nn

rows = 512
cols = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=0)


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
