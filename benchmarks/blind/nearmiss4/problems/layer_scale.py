import torch
import torch.nn as nn

batch_size = 4
tokens = 37
dim = 190


class Model(nn.Module):
    """LayerScale residual: residual + gamma * x, gamma per channel (last dim)."""

    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.randn(dim) * 0.1)

    def forward(self, x, residual):
        return residual + self.gamma * x


def get_inputs():
    return [torch.randn(batch_size, tokens, dim), torch.randn(batch_size, tokens, dim)]


def get_init_inputs():
    return [dim]
