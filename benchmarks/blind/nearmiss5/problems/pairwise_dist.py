"""Euclidean distance between every row of X and every row of Y (cdist, p=2)."""

import torch
import torch.nn as nn

n = 40
m = 30
dim = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.cdist(x, y, p=2.0, compute_mode="donot_use_mm_for_euclid_dist")


def get_inputs():
    return [torch.randn(n, dim), torch.randn(m, dim)]


def get_init_inputs():
    return []
