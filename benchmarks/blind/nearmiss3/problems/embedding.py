import torch
import torch.nn as nn

batch_size = 8
seq_len = 32
num_embeddings = 500
embedding_dim = 64


class Model(nn.Module):
    """Embedding lookup."""

    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.emb = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, idx):
        return self.emb(idx)


def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, seq_len))]


def get_init_inputs():
    return [num_embeddings, embedding_dim]
