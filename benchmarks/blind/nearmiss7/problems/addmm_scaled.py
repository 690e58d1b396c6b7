"""torch.addmm with non-unit beta and alpha: beta * C + alpha * (A @ B)."""

import torch
import torch.nn as nn

M = 48
K = 80
N = 40


class Model(nn.Module):
    def __init__(self, beta: float = 0.7, alpha: float = 1.6):
        super().__init__()
        self.beta = beta
        self.alpha = alpha

    def forward(self, c: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.addmm(c, a, b, beta=self.beta, alpha=self.alpha)


def get_inputs():
    return [torch.randn(M, N), torch.randn(M, K), torch.randn(K, N)]


def get_init_inputs():
    return []
