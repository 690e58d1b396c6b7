"""Log-sum-exp over the first dimension of a 2-D tensor."""

import torch
import torch.nn as nn

rows = 61
cols = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.logsumexp(x, dim=0)


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
