import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 24
dim = 1100


class Model(nn.Module):
    """Mish activation: x * tanh(softplus(x))."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x * torch.tanh(F.softplus(x))


def get_inputs():
    return [torch.randn(batch_size, dim) * 3.0]


def get_init_inputs():
    return []
