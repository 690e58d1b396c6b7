"""RankNet pairwise logistic loss (Burges et al. 2005; as in allRank / TF-Ranking).

For each list b and every ordered pair (i, j) with rel[b, i] > rel[b, j]:
loss_ij = softplus(s[b, j] - s[b, i]); the result is the mean over all such pairs of the batch.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 8
list_size = 60
num_levels = 5


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, relevance: torch.Tensor) -> torch.Tensor:
        diff = scores.unsqueeze(1) - scores.unsqueeze(2)
        pairs = relevance.unsqueeze(2) > relevance.unsqueeze(1)
        loss = F.softplus(diff)
        return (loss * pairs).sum() / pairs.sum().clamp(min=1)


def get_inputs():
    relevance = torch.randint(0, num_levels, (batch_size, list_size))
    scores = 0.5 * relevance.float() + torch.randn(batch_size, list_size)
    return [scores, relevance]


def get_init_inputs():
    return []
