"""Binary cross-entropy with logits against soft targets, mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.binary_cross_entropy_with_logits(logits, target)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0, torch.rand(batch_size, dim)]


def get_init_inputs():
    return []
