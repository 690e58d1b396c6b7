"""index_select along the column dimension."""

import torch
import torch.nn as nn

rows = 64
cols = 513
num_index = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        return torch.index_select(x, 1, index)


def get_inputs():
    return [torch.randn(rows, cols), torch.randint(0, cols, (num_index,))]


def get_init_inputs():
    return []
