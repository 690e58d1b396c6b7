"""Mean over dim 1 of a (batch, dim1, dim2) tensor, keeping the reduced dimension."""

import torch
import torch.nn as nn

batch_size = 8
dim1 = 64
dim2 = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.mean(dim=1, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return []
