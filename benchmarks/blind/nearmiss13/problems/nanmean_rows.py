"""Row mean ignoring NaN entries (torch.nanmean over the last dimension)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.nanmean(x, dim=1)


def get_inputs():
    x = torch.randn(batch_size, dim) + 0.5
    x[torch.rand(batch_size, dim) < 0.1] = float("nan")
    return [x]


def get_init_inputs():
    return []
