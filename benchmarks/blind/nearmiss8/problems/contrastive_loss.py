"""Siamese contrastive loss on pairs of embeddings (similar pairs pulled together, dissimilar
pairs pushed beyond a margin)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 256
dim = 48
margin = 10


class Model(nn.Module):
    def __init__(self, margin: float):
        super().__init__()
        self.margin = float(margin)

    def forward(self, a: torch.Tensor, b: torch.Tensor, same: torch.Tensor) -> torch.Tensor:
        d = F.pairwise_distance(a, b)
        pos = same * d.pow(2)
        neg = (1.0 - same) * F.relu(self.margin - d).pow(2)
        return (pos + neg).mean()


def get_inputs():
    a = torch.randn(batch_size, dim)
    b = torch.randn(batch_size, dim)
    same = torch.randint(0, 2, (batch_size,)).float()
    return [a, b, same]


def get_init_inputs():
    return [margin]
