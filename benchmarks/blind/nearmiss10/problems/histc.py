"""torch.histc: equal-width histogram over [min, max]."""

import torch
import torch.nn as nn

rows = 64
cols = 128
num_bins = 16


class Model(nn.Module):
    def __init__(self, bins: int, lo: float, hi: float):
        super().__init__()
        self.bins = bins
        self.lo = lo
        self.hi = hi

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.histc(x, bins=self.bins, min=self.lo, max=self.hi)


def get_inputs():
    return [torch.rand(rows, cols) * 4.0 - 2.0]


def get_init_inputs():
    return [num_bins, -2.0, 2.0]
