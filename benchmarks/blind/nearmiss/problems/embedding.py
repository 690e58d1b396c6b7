"""Embedding lookup: gather rows of a (num_embeddings, embedding_dim) table by token id."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
seq_len = 16
num_embeddings = 512
embedding_dim = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids: torch.Tensor, table: torch.Tensor) -> torch.Tensor:
        return F.embedding(ids, table)


def get_inputs():
    ids = torch.randint(0, num_embeddings, (batch_size, seq_len))
    table = torch.randn(num_embeddings, embedding_dim)
    return [ids, table]


def get_init_inputs():
    return []
