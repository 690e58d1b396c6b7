"""Maximum value over the last dimension of a 2-D tensor."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.max(x, dim=self.dim)[0]


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1]
