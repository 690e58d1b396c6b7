"""MoE unpermute-and-combine: each token sums its expert outputs (gathered rows) weighted by router weights."""

import torch
import torch.nn as nn

num_tokens = 10
top_k = 2
hidden = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, permuted, row_ids, weights):
        return (permuted[row_ids] * weights.unsqueeze(-1)).sum(dim=1)


def get_inputs():
    permuted = torch.randn(num_tokens * top_k, hidden)
    row_ids = torch.randperm(num_tokens * top_k).view(num_tokens, top_k)
    weights = torch.softmax(torch.randn(num_tokens, top_k), dim=1)
    return [permuted, row_ids, weights]


def get_init_inputs():
    return []
