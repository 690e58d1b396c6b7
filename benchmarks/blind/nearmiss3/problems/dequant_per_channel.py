import torch
import torch.nn as nn

rows = 64
cols = 128


class Model(nn.Module):
    """Dequantise an int8 matrix with one scale per column (output channel)."""

    def __init__(self):
        super().__init__()

    def forward(self, q, scale):
        return q.float() * scale[None, :]


def get_inputs():
    q = torch.randint(-127, 128, (rows, cols), dtype=torch.int8)
    scale = torch.rand(cols) * 0.1 + 0.01
    return [q, scale]


def get_init_inputs():
    return []
