import torch
import torch.nn as nn

batch_size = 10
dim = 700


class Model(nn.Module):
    """Scale each row by its largest absolute value."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x / x.abs().amax(dim=1, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
