"""torch.renorm over dim 0 with p = 2."""

import torch
import torch.nn as nn

batch_size = 64
dim = 129


class Model(nn.Module):
    def __init__(self, maxnorm: float = 1.0):
        super().__init__()
        self.maxnorm = maxnorm

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.renorm(x, p=2, dim=0, maxnorm=self.maxnorm)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1.0]
