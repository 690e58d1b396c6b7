"""ListMLE ranking loss (allRank style): scores gathered into the ground-truth order, then the sum over positions of
the log-sum-exp of the remaining suffix minus the score at that position; one value per list."""

import torch
import torch.nn as nn

batch_size = 16
list_size = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, order: torch.Tensor) -> torch.Tensor:
        s = torch.gather(scores, 1, order)
        suffix_lse = torch.logcumsumexp(s.flip(1), dim=1).flip(1)
        return (suffix_lse - s).sum(dim=1)


def get_inputs():
    scores = torch.randn(batch_size, list_size) * 2.0
    order = torch.argsort(torch.rand(batch_size, list_size), dim=1)
    return [scores, order]


def get_init_inputs():
    return []
