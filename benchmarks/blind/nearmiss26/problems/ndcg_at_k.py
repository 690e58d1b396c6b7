"""NDCG@k of ranked lists: items are ranked by descending score, DCG@k = sum over the top k of
(2^rel - 1) / log2(rank + 2) (rank from 0), normalised by the DCG@k of the ideal ordering (relevance descending).
Input scores (B, n) float32 and graded relevance labels (B, n) int64 0..4; output (B,)."""

import torch
import torch.nn as nn

num_lists = 32
list_len = 64
k = 10


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, scores: torch.Tensor, rel: torch.Tensor) -> torch.Tensor:
        kk = min(self.k, scores.shape[1])
        order = torch.argsort(scores, dim=1, descending=True)
        top = rel.gather(1, order)[:, :kk].float()
        ideal = torch.sort(rel, dim=1, descending=True).values[:, :kk].float()
        disc = 1.0 / torch.log2(torch.arange(kk, device=scores.device, dtype=torch.float32) + 2.0)
        dcg = ((torch.exp2(top) - 1.0) * disc).sum(1)
        idcg = ((torch.exp2(ideal) - 1.0) * disc).sum(1)
        return dcg / idcg


def get_inputs():
    u = torch.rand(num_lists, list_len)
    rel = torch.floor(5.0 * u ** 2).long()
    rel[:, 0] = 4
    scores = 0.6 * rel.float() + torch.randn(num_lists, list_len)
    return [scores, rel]


def get_init_inputs():
    return [k]
