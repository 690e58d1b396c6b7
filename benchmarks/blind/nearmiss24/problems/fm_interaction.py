"""Factorization machine logits over categorical fields (as in DeepFM / torchfm): per-field ids are offset into one
shared table, a first-order term plus the pairwise interactions 0.5 * sum_k ((sum_f v)^2 - sum_f v^2)."""

import torch
import torch.nn as nn

batch_size = 100
num_fields = 6
base_vocab = 13
embed_dim = 16


class Model(nn.Module):
    def __init__(self, num_fields: int, base_vocab: int, embed_dim: int):
        super().__init__()
        dims = [base_vocab + 3 * f for f in range(num_fields)]
        offsets = [0]
        for d in dims[:-1]:
            offsets.append(offsets[-1] + d)
        self.register_buffer("offsets", torch.tensor(offsets, dtype=torch.int64))
        self.embedding = nn.Parameter(torch.randn(sum(dims), embed_dim) * 0.3)
        self.linear = nn.Parameter(torch.randn(sum(dims)) * 0.5)
        self.bias = nn.Parameter(torch.randn(1))

    def forward(self, ids):
        idx = ids + self.offsets[None, :]
        v = self.embedding[idx]
        first = self.linear[idx].sum(1) + self.bias
        inter = 0.5 * (v.sum(1) ** 2 - (v * v).sum(1)).sum(1)
        return first + inter


def get_inputs():
    dims = torch.tensor([base_vocab + 3 * f for f in range(num_fields)])
    ids = (torch.rand(batch_size, num_fields) * dims[None, :]).long()
    return [ids]


def get_init_inputs():
    return [num_fields, base_vocab, embed_dim]
