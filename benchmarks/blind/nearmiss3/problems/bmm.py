import torch
import torch.nn as nn

batch_size = 2
M = 96
K = 64
N = 32


class Model(nn.Module):
    """Batched matrix multiply."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.bmm(a, b)


def get_inputs():
    return [torch.randn(batch_size, M, K), torch.randn(batch_size, K, N)]


def get_init_inputs():
    return []
