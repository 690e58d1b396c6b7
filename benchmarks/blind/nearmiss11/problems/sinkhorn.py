"""Sinkhorn-Knopp normalisation of exp(scores / eps): a fixed number of alternating row and
column normalisations (SwAV / optimal-transport style), per batch element."""

import torch
import torch.nn as nn

batch_size = 4
rows = 40
cols = 56
n_iters = 5


class Model(nn.Module):
    """P = exp(S / eps); repeat n_iters times: normalise rows to sum 1, then columns to sum 1."""

    def __init__(self, eps: float, n_iters: int):
        super().__init__()
        self.eps = eps
        self.n_iters = n_iters

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        p = torch.exp(scores / self.eps)
        for _ in range(self.n_iters):
            p = p / p.sum(dim=-1, keepdim=True)
            p = p / p.sum(dim=-2, keepdim=True)
        return p


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return [0.5, n_iters]
