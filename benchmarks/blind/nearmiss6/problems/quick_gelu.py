"""QuickGELU (CLIP): x * sigmoid(1.702 * x)."""

import torch
import torch.nn as nn

batch_size = 12
dim = 1501


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.sigmoid(1.702 * x)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return []
