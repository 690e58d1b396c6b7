"""Weighted histogram of integer bucket ids (bincount with weights)."""

import torch
import torch.nn as nn

num_items = 20000
num_bins = 64


class Model(nn.Module):
    def __init__(self, num_bins: int):
        super().__init__()
        self.num_bins = num_bins

    def forward(self, ids: torch.Tensor, weights: torch.Tensor) -> torch.Tensor:
        return torch.bincount(ids, weights=weights, minlength=self.num_bins)


def get_inputs():
    return [torch.randint(0, num_bins, (num_items,), dtype=torch.int64), torch.rand(num_items)]


def get_init_inputs():
    return [num_bins]
