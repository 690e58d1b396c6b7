"""IQN quantile embedding: ReLU(Linear(cos(pi * i * tau))), i = 0 .. n_cos - 1."""

import math

import torch
import torch.nn as nn

batch_size = 8
num_taus = 32
n_cos = 64
embed_dim = 96


class Model(nn.Module):
    def __init__(self, n_cos, embed_dim):
        super().__init__()
        self.n_cos = n_cos
        self.linear = nn.Linear(n_cos, embed_dim)

    def forward(self, taus: torch.Tensor) -> torch.Tensor:
        i = torch.arange(self.n_cos, device=taus.device, dtype=taus.dtype)
        feats = torch.cos(math.pi * i * taus[..., None])
        return torch.relu(self.linear(feats))


def get_inputs():
    return [torch.rand(batch_size, num_taus)]


def get_init_inputs():
    return [n_cos, embed_dim]
