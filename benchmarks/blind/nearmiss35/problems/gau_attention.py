"""Causal squared-ReLU attention of the gated attention unit (Hua et al. 2022, "Transformer Quality in Linear
Time"): queries and keys are per-dimension affine maps of one shared representation z (learned scales and
offsets), A = relu(q k^T / sqrt(s))^2 / T on and below the diagonal, output A v."""

import math

import torch
import torch.nn as nn

batch_size = 2
seq_len = 72
s_dim = 32
v_dim = 48


class Model(nn.Module):
    def __init__(self, s_dim: int):
        super().__init__()
        self.gamma = nn.Parameter(1.0 + 0.1 * torch.randn(2, s_dim))
        self.beta = nn.Parameter(0.1 * torch.randn(2, s_dim))

    def forward(self, z: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        t, s = z.shape[1], z.shape[2]
        q = z * self.gamma[0] + self.beta[0]
        k = z * self.gamma[1] + self.beta[1]
        qk = torch.matmul(q, k.transpose(1, 2)) / math.sqrt(s)
        a = torch.relu(qk) ** 2 / t
        mask = torch.ones(t, t, dtype=torch.bool, device=z.device).tril()
        a = a.masked_fill(~mask, 0.0)
        return torch.matmul(a, v)


def get_inputs():
    return [torch.randn(batch_size, seq_len, s_dim), torch.randn(batch_size, seq_len, v_dim)]


def get_init_inputs():
    return [s_dim]
