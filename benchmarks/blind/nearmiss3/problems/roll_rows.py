import torch
import torch.nn as nn

batch_size = 16
dim = 500
shift = 37


class Model(nn.Module):
    """Circular shift of each row by `shift` places."""

    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        return torch.roll(x, shifts=self.shift, dims=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [shift]
