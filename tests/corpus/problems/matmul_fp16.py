"""Half-precision matrix multiply C = A @ B with fp16 output (Triton tutorial 03 workload)."""

import torch
import torch.nn as nn

M = 32
K = 512
N = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return torch.matmul(A, B)


def get_inputs():
    return [torch.randn(M, K).half(), torch.randn(K, N).half()]


def get_init_inputs():
    return []
