"""Small dense fp32 matrix multiplication C = A @ B."""

import torch
import torch.nn as nn

M = 64
K = 96
N = 80


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.matmul(a, b)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N)]


def get_init_inputs():
    return []
