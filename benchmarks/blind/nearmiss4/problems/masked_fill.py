import torch
import torch.nn as nn

batch_size = 16
dim = 777
fill_value = -10000.0


class Model(nn.Module):
    """x.masked_fill(mask, fill_value) with a boolean mask."""

    def __init__(self, fill_value):
        super().__init__()
        self.fill_value = fill_value

    def forward(self, x, mask):
        return x.masked_fill(mask, self.fill_value)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.rand(batch_size, dim) < 0.3]


def get_init_inputs():
    return [fill_value]
