import torch
import torch.nn as nn

batch_size = 16
dim = 1111


class Model(nn.Module):
    """Gated residual: residual + sigmoid(gate) * x."""

    def __init__(self):
        super().__init__()

    def forward(self, x, gate, residual):
        return residual + torch.sigmoid(gate) * x


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim) * 2.0, torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
