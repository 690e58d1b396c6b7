"""Segment lengths to start offsets: exclusive cumulative sum of int64 lengths per row."""

import torch
import torch.nn as nn

batch_size = 4
num_segments = 3001


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, lengths: torch.Tensor) -> torch.Tensor:
        return torch.cumsum(lengths, dim=1) - lengths


def get_inputs():
    return [torch.randint(0, 50, (batch_size, num_segments), dtype=torch.int64)]


def get_init_inputs():
    return []
