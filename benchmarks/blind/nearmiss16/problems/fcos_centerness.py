"""FCOS centerness target from (left, top, right, bottom) regression distances."""

import torch
import torch.nn as nn

num_points = 5000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ltrb: torch.Tensor) -> torch.Tensor:
        lr = ltrb[:, [0, 2]]
        tb = ltrb[:, [1, 3]]
        c = (lr.min(dim=-1).values / lr.max(dim=-1).values) * (tb.min(dim=-1).values / tb.max(dim=-1).values)
        return torch.sqrt(c)


def get_inputs():
    return [torch.rand(num_points, 4) * 100.0 + 0.5]


def get_init_inputs():
    return []
