"""Level 1: HardTanh activation clamping to [-1, 1]."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.hardtanh(x, min_val=-1.0, max_val=1.0)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
