"""EmbeddingBag with sum mode over fixed-length bags."""

import torch
import torch.nn as nn

batch_size = 64
bag_size = 7
num_embeddings = 500
embedding_dim = 48


class Model(nn.Module):
    def __init__(self, num_embeddings: int, embedding_dim: int):
        super().__init__()
        self.bag = nn.EmbeddingBag(num_embeddings, embedding_dim, mode="sum")

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        return self.bag(idx)


def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, bag_size), dtype=torch.int64)]


def get_init_inputs():
    return [num_embeddings, embedding_dim]
