"""Triplet margin loss per sample (p = 2, torch's eps added to the differences)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
dim = 128


class Model(nn.Module):
    def __init__(self, margin: float):
        super().__init__()
        self.margin = margin

    def forward(self, anchor: torch.Tensor, positive: torch.Tensor, negative: torch.Tensor) -> torch.Tensor:
        return F.triplet_margin_loss(anchor, positive, negative, margin=self.margin, p=2.0, eps=1e-6,
                                     reduction="none")


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1.0]
