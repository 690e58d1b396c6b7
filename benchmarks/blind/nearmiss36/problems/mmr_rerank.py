"""Maximal marginal relevance re-ranking (Carbonell and Goldstein 1998, as in LangChain): indices of top_k picks."""

import torch
import torch.nn as nn

batch_size = 4
num_docs = 60
dim = 20
top_k = 10
lambda_mult = 0.7


class Model(nn.Module):
    def __init__(self, top_k: int, lambda_mult: float):
        super().__init__()
        self.top_k = top_k
        self.lam = lambda_mult

    def forward(self, query: torch.Tensor, docs: torch.Tensor) -> torch.Tensor:
        qn = query / query.norm(dim=1, keepdim=True)
        dn = docs / docs.norm(dim=2, keepdim=True)
        rel = (dn * qn.unsqueeze(1)).sum(dim=2)
        rows = torch.arange(docs.shape[0], device=docs.device)
        u = torch.argmax(rel, dim=1)
        picks = [u]
        chosen = torch.zeros_like(rel, dtype=torch.bool)
        chosen[rows, u] = True
        red = (dn * dn[rows, u].unsqueeze(1)).sum(dim=2)
        for _ in range(self.top_k - 1):
            score = self.lam * rel - (1.0 - self.lam) * red
            score = score.masked_fill(chosen, float("-inf"))
            u = torch.argmax(score, dim=1)
            picks.append(u)
            chosen[rows, u] = True
            red = torch.maximum(red, (dn * dn[rows, u].unsqueeze(1)).sum(dim=2))
        return torch.stack(picks, dim=1)


def get_inputs():
    query = torch.randn(batch_size, dim)
    docs = torch.randn(batch_size, num_docs, dim)
    docs[:, 5] = 2.0 * query + 0.3 * torch.randn(batch_size, dim)
    docs[:, 6] = docs[:, 5] + 0.001 * torch.randn(batch_size, dim)
    docs[:, 30] = query + 0.8 * torch.randn(batch_size, dim)
    docs[:, 31] = docs[:, 30] + 0.001 * torch.randn(batch_size, dim)
    return [query, docs]


def get_init_inputs():
    return [top_k, lambda_mult]
