"""diag(A) @ B for a vector A and a matrix B."""

import torch
import torch.nn as nn

N = 96
M = 80


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.diag(A) @ B


def get_inputs():
    return [torch.randn(N), torch.randn(N, M)]


def get_init_inputs():
    return []
