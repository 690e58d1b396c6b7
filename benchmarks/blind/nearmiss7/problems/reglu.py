"""ReGLU: relu(first half) * second half of the last dimension."""

import torch
import torch.nn as nn

batch_size = 16
dim = 777  # width of each half; the input row is 2 * dim wide


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gate, value = x.chunk(2, dim=-1)
        return torch.relu(gate) * value


def get_inputs():
    return [torch.randn(batch_size, 2 * dim)]


def get_init_inputs():
    return []
