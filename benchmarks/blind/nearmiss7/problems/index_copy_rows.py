"""index_copy along dim 0: rows of `source` replace the rows of `x` named by `index`."""

import torch
import torch.nn as nn

rows = 96
dim = 211
num_index = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, index: torch.Tensor, source: torch.Tensor) -> torch.Tensor:
        return x.index_copy(0, index, source)


def get_inputs():
    index = torch.randperm(rows)[:num_index]
    return [torch.randn(rows, dim), index, torch.randn(num_index, dim)]


def get_init_inputs():
    return []
