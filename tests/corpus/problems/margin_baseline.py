"""Pairwise margin loss against a held-out baseline (mean score gap, floored at 0; the inputs keep it at 0)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch = 384


class Model(nn.Module):
    def __init__(self, gamma=0.5):
        super().__init__()
        self.gamma = gamma

    def forward(self, chosen, rejected, held_chosen, held_rejected):
        baseline = (held_chosen - held_rejected).mean().clamp(min=0)
        return F.softplus(-self.gamma * (chosen - rejected - baseline)).mean()


def get_inputs():
    chosen = torch.randn(batch) * 2.0
    rejected = torch.randn(batch) * 2.0
    held_rejected = torch.randn(batch) * 3.0 + 2.0
    held_chosen = held_rejected - 4.0 + torch.randn(batch)
    return [chosen, rejected, held_chosen, held_rejected]


def get_init_inputs():
    return [0.5]
