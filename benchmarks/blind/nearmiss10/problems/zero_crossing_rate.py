"""Zero-crossing rate per row."""

import torch
import torch.nn as nn

batch_size = 32
length = 401


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = x >= 0
        return (s[:, 1:] != s[:, :-1]).float().mean(dim=1)


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return []
