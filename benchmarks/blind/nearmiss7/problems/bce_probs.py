"""Binary cross-entropy on probabilities with soft targets, mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 30
dim = 677


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.binary_cross_entropy(p, target, reduction="mean")


def get_inputs():
    p = torch.sigmoid(torch.randn(batch_size, dim) * 2)
    return [p, torch.rand(batch_size, dim)]


def get_init_inputs():
    return []
