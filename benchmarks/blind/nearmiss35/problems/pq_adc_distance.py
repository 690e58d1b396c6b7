"""Product-quantisation asymmetric distance computation (FAISS IndexPQ search): a per-query table of squared
distances from each query sub-vector to each sub-codebook centroid, then the sum of the table entries selected
by each database vector's codes."""

import torch
import torch.nn as nn

num_queries = 40
num_codes = 300
num_subspaces = 8
codebook_size = 16
sub_dim = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, queries: torch.Tensor, codebooks: torch.Tensor, codes: torch.Tensor) -> torch.Tensor:
        q, _ = queries.shape
        m, k, dsub = codebooks.shape
        qs = queries.view(q, m, 1, dsub)
        lut = ((qs - codebooks[None]) ** 2).sum(dim=-1)
        sub = torch.arange(m, device=queries.device)
        return lut[:, sub[None, :], codes].sum(dim=-1)


def get_inputs():
    codebooks = torch.randn(num_subspaces, codebook_size, sub_dim)
    codes = torch.randint(0, codebook_size, (num_codes, num_subspaces))
    queries = torch.randn(num_queries, num_subspaces * sub_dim)
    return [queries, codebooks, codes]


def get_init_inputs():
    return []
