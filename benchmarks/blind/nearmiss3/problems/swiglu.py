import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 500


class Model(nn.Module):
    """SwiGLU gate: the input's first half is the gate, the second half the value."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        gate, up = x.chunk(2, dim=-1)
        return F.silu(gate) * up


def get_inputs():
    return [torch.randn(batch_size, 2 * dim)]


def get_init_inputs():
    return []
