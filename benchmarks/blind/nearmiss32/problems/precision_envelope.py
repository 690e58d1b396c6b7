"""Monotone precision envelope used by COCO/VOC average precision: p_interp[i] = max(p[i:]) along each row."""

import torch
import torch.nn as nn

batch_size = 6
num_points = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, precision: torch.Tensor) -> torch.Tensor:
        rev = torch.flip(precision, dims=[1])
        return torch.flip(torch.cummax(rev, dim=1).values, dims=[1])


def get_inputs():
    return [torch.rand(batch_size, num_points)]


def get_init_inputs():
    return []
