"""Okapi BM25 scores of every (query, document) pair from term-count matrices (Lucene idf, k1 = 1.2, b = 0.75)."""

import torch
import torch.nn as nn

num_queries = 20
num_docs = 150
num_terms = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.k1 = 1.2
        self.b = 0.75

    def forward(self, tf: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        n = tf.shape[0]
        df = (tf > 0).to(tf.dtype).sum(0)
        idf = torch.log((n - df + 0.5) / (df + 0.5) + 1.0)
        dl = tf.sum(1)
        avg = dl.mean()
        norm = self.k1 * (1.0 - self.b + self.b * dl / avg)
        w = idf[None, :] * tf * (self.k1 + 1.0) / (tf + norm[:, None])
        return query @ w.t()


def get_inputs():
    present = torch.rand(num_docs, num_terms) < torch.linspace(0.02, 0.6, num_terms)
    tf = present.float() * torch.randint(1, 6, (num_docs, num_terms)).float()
    query = (torch.rand(num_queries, num_terms) < 0.08).float()
    return [tf, query]


def get_init_inputs():
    return []
