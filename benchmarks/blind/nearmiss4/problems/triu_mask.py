import torch
import torch.nn as nn

batch_size = 3
rows = 45
cols = 67
diagonal = 1


class Model(nn.Module):
    """Upper-triangular part of each matrix above the given diagonal (torch.triu)."""

    def __init__(self, diagonal):
        super().__init__()
        self.diagonal = diagonal

    def forward(self, x):
        return torch.triu(x, diagonal=self.diagonal)


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return [diagonal]
