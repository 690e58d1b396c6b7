import torch
import torch.nn as nn

batch_size = 16
length = 999


class Model(nn.Module):
    """First-order difference along dim 1 (torch.diff)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.diff(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return []
