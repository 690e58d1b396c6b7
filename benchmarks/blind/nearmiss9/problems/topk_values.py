"""The k largest values of each row, in descending order."""

import torch
import torch.nn as nn

batch_size = 64
dim = 383
k = 5


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.topk(x, self.k, dim=1).values


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return [k]
