"""torch.nan_to_num with the default replacements (0 for NaN, the dtype's finite extremes for +-inf)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nan_to_num(x)


def get_inputs():
    x = torch.randn(batch_size, dim) * 100.0
    r = torch.rand(batch_size, dim)
    x = torch.where(r < 0.05, torch.full_like(x, float("nan")), x)
    x = torch.where((r >= 0.05) & (r < 0.1), torch.full_like(x, float("inf")), x)
    x = torch.where((r >= 0.1) & (r < 0.15), torch.full_like(x, float("-inf")), x)
    return [x]


def get_init_inputs():
    return []
