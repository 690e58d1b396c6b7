"""GEGLU on a fused projection: the last dimension holds [gate | up]; returns
gelu_tanh(gate) * up."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gate, up = x.chunk(2, dim=-1)
        return F.gelu(gate, approximate="tanh") * up


def get_inputs():
    return [torch.randn(batch_size, 2 * dim)]


def get_init_inputs():
    return []
