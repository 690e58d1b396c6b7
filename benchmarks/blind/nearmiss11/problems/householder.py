"""Apply one Householder reflection per row: y = (I - 2 v v^T / v^T v) x."""

import torch
import torch.nn as nn

batch_size = 64
dim = 257


class Model(nn.Module):
    """Reflect each row of x across the hyperplane orthogonal to the matching row of v."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        vx = (v * x).sum(dim=-1, keepdim=True)
        vv = (v * v).sum(dim=-1, keepdim=True)
        return x - 2.0 * v * (vx / vv)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
