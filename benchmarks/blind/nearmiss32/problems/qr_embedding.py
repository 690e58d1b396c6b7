"""Quotient-remainder compositional embedding (DLRM QR trick): E_q[id // m] * E_r[id % m], zero vector at the padding id."""

import torch
import torch.nn as nn

batch_size = 6
seq_len = 20
num_embeddings = 1000
embedding_dim = 48
num_collisions = 32


class Model(nn.Module):
    def __init__(self, num_embeddings: int, embedding_dim: int, num_collisions: int, padding_idx: int = 0):
        super().__init__()
        self.m = num_collisions
        self.padding_idx = padding_idx
        self.q_weight = nn.Parameter(torch.randn((num_embeddings + num_collisions - 1) // num_collisions, embedding_dim))
        self.r_weight = nn.Parameter(torch.randn(num_collisions, embedding_dim))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        out = self.q_weight[ids // self.m] * self.r_weight[ids % self.m]
        return out * (ids != self.padding_idx).unsqueeze(-1).to(out.dtype)


def get_inputs():
    ids = torch.randint(1, num_embeddings, (batch_size, seq_len))
    ids[0, -5:] = 0
    ids[batch_size - 1, -2:] = 0
    return [ids]


def get_init_inputs():
    return [num_embeddings, embedding_dim, num_collisions]
