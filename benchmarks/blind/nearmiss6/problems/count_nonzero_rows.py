"""Number of non-zero entries per row."""

import torch
import torch.nn as nn

batch_size = 16
dim = 777


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.count_nonzero(x, dim=1)


def get_inputs():
    return [torch.randint(-2, 3, (batch_size, dim)).float()]


def get_init_inputs():
    return []
