import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
half = 601


class Model(nn.Module):
    """GLU along the last dim: first half * sigmoid(second half)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.glu(x, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, 2 * half)]


def get_init_inputs():
    return []
