"""Matrix product of two upper-triangular matrices, result kept upper-triangular (KernelBench L1 #14)."""

import torch
import torch.nn as nn

N = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return torch.triu(torch.matmul(A, B))


def get_inputs():
    A = torch.triu(torch.randn(N, N))
    B = torch.triu(torch.randn(N, N))
    return [A, B]


def get_init_inputs():
    return []
