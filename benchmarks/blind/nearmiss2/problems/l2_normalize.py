"""L2-normalise each row (F.normalize, p=2, dim=-1)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 768


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.normalize(x, p=2.0, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
