"""Lifted structured embedding loss (Oh Song et al. 2016, smooth form) over all positive pairs of a batch."""

import torch
import torch.nn as nn

num_classes = 12
per_class = 4
dim = 20

MARGIN = 1.0


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, emb: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        n = emb.shape[0]
        dist = torch.sqrt(torch.sum((emb[:, None, :] - emb[None, :, :]) ** 2, dim=-1) + 1e-12)
        same = labels[:, None] == labels[None, :]
        neg_logits = torch.where(same, torch.full_like(dist, float("-inf")), MARGIN - dist)
        lse = torch.logsumexp(neg_logits, dim=1)
        j = torch.logaddexp(lse[:, None], lse[None, :]) + dist
        upper = torch.triu(torch.ones(n, n, dtype=torch.bool, device=emb.device), diagonal=1)
        pos = (same & upper).to(emb.dtype)
        return torch.sum(torch.relu(j) ** 2 * pos) / (2.0 * torch.sum(pos))


def get_inputs():
    centers = 1.2 * torch.randn(num_classes, dim)
    labels = torch.arange(num_classes).repeat_interleave(per_class)
    perm = torch.randperm(num_classes * per_class)
    labels = labels[perm]
    emb = centers[labels] + 0.2 * torch.randn(num_classes * per_class, dim)
    return [emb, labels]


def get_init_inputs():
    return []
