"""A multi-level Haar analysis of each row: the row's length must be divisible by 2**levels, which the
problem assumes and never checks (torch would broadcast a size-1 odd half past that)."""

import torch
import torch.nn as nn

rows = 8
length = 256
levels = 4


class Model(nn.Module):
    def __init__(self, levels: int):
        super().__init__()
        self.levels = levels

    def forward(self, x):
        approx, details = x, []
        for _ in range(self.levels):
            even, odd = approx[:, 0::2], approx[:, 1::2]
            details.append((even - odd) * 0.5)
            approx = (even + odd) * 0.5
        return torch.cat([approx] + details[::-1], dim=1)


def get_inputs():
    return [torch.randn(rows, length)]


def get_init_inputs():
    return [levels]
