"""Per-row margin between the largest and the second largest value (top-2 of each row; 0 when the
maximum is repeated)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        v = torch.topk(x, 2, dim=1).values
        return v[:, 0] - v[:, 1]


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
