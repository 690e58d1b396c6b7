"""Rocchio relevance-feedback query update with negative term weights clipped to zero."""

import torch
import torch.nn as nn

num_queries = 32
num_docs = 20
num_terms = 300
ALPHA, BETA, GAMMA = 1.0, 0.75, 0.15


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, query: torch.Tensor, docs: torch.Tensor, relevant: torch.Tensor) -> torch.Tensor:
        rel = relevant.float()[:, :, None]
        n_rel = rel.sum(dim=1)
        n_non = (1.0 - rel).sum(dim=1)
        rel_mean = (docs * rel).sum(dim=1) / torch.clamp(n_rel, min=1.0)
        non_mean = (docs * (1.0 - rel)).sum(dim=1) / torch.clamp(n_non, min=1.0)
        q = ALPHA * query + BETA * rel_mean - GAMMA * non_mean
        return torch.clamp(q, min=0.0)


def get_inputs():
    query = torch.where(torch.rand(num_queries, num_terms) < 0.05, torch.rand(num_queries, num_terms), torch.zeros(num_queries, num_terms))
    docs = torch.where(torch.rand(num_queries, num_docs, num_terms) < 0.15, torch.rand(num_queries, num_docs, num_terms), torch.zeros(num_queries, num_docs, num_terms))
    relevant = torch.rand(num_queries, num_docs) < 0.3
    relevant[0] = False
    return [query, docs, relevant]


def get_init_inputs():
    return []
