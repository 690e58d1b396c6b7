"""Cosine embedding loss with a margin, mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
dim = 333
margin = 0.2


class Model(nn.Module):
    def __init__(self, margin: float):
        super().__init__()
        self.margin = margin

    def forward(self, x1: torch.Tensor, x2: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return F.cosine_embedding_loss(x1, x2, y, margin=self.margin, reduction="mean")


def get_inputs():
    y = torch.randint(0, 2, (batch_size,)).float() * 2 - 1
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim), y]


def get_init_inputs():
    return [margin]
