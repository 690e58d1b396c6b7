"""Sum over the middle dimension of a (batch, dim1, dim2) tensor."""

import torch
import torch.nn as nn

batch_size = 4
dim1 = 64
dim2 = 128


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return []
