"""For every point of a set, the number of points of the same set that Pareto-dominate it (minimisation)."""

import torch
import torch.nn as nn

num_sets = 4
num_points = 100
num_objectives = 3


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, f: torch.Tensor) -> torch.Tensor:
        a = f[:, :, None, :]
        b = f[:, None, :, :]
        dom = (b <= a).all(dim=-1) & (b < a).any(dim=-1)
        return dom.sum(dim=-1)


def get_inputs():
    return [torch.randn(num_sets, num_points, num_objectives) * 2.0]


def get_init_inputs():
    return []
