"""Reciprocal rank per user: 1 / (rank of the best-ranked relevant item), rank = 1 + the number of items scored strictly higher; 0 without relevant items."""

import torch
import torch.nn as nn

num_users = 50
num_items = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, relevant: torch.Tensor) -> torch.Tensor:
        higher = (scores[:, None, :] > scores[:, :, None]).sum(-1)
        rank = (higher + 1).to(scores.dtype)
        big = torch.full_like(rank, float("inf"))
        best = torch.where(relevant, rank, big).amin(-1)
        return torch.where(torch.isfinite(best), 1.0 / best, torch.zeros_like(best))


def get_inputs():
    scores = torch.randn(num_users, num_items) * 2.0
    relevant = torch.rand(num_users, num_items) < 0.03
    relevant[0] = False
    return [scores, relevant]


def get_init_inputs():
    return []
