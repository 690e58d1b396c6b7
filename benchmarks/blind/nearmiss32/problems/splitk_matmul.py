"""Plain fp32 matmul, the problem a split-K GEMM kernel targets (small M and N, long K)."""

import torch
import torch.nn as nn

M = 32
K = 256
N = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return a @ b


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N)]


def get_init_inputs():
    return []
