"""Batched add-matmul: beta * input + alpha * (batch1 @ batch2)."""

import torch
import torch.nn as nn

batch_size = 4
M = 48
K = 40
N = 56


class Model(nn.Module):
    def __init__(self, beta=0.5, alpha=2.0):
        super().__init__()
        self.beta = beta
        self.alpha = alpha

    def forward(self, inp, batch1, batch2):
        return torch.baddbmm(inp, batch1, batch2, beta=self.beta, alpha=self.alpha)


def get_inputs():
    return [torch.randn(batch_size, M, N), torch.randn(batch_size, M, K), torch.randn(batch_size, K, N)]


def get_init_inputs():
    return [0.5, 2.0]
