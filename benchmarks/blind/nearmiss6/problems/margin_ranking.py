"""Margin ranking loss, mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_pairs = 20000
margin = 0.5


class Model(nn.Module):
    def __init__(self, margin: float):
        super().__init__()
        self.margin = margin

    def forward(self, x1: torch.Tensor, x2: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return F.margin_ranking_loss(x1, x2, y, margin=self.margin)


def get_inputs():
    y = (torch.rand(num_pairs) < 0.8).float() * 2.0 - 1.0
    return [torch.randn(num_pairs) + 0.5, torch.randn(num_pairs), y]


def get_init_inputs():
    return [margin]
