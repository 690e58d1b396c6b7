"""Hinge embedding loss (mean) with +1 / -1 targets."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
dim = 255
margin = 1


class Model(nn.Module):
    def __init__(self, margin: int):
        super().__init__()
        self.margin = float(margin)

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return F.hinge_embedding_loss(x, y, margin=self.margin)


def get_inputs():
    x = torch.randn(batch_size, dim) + 0.5
    y = torch.randint(0, 2, (batch_size, dim)).float() * 2.0 - 1.0
    return [x, y]


def get_init_inputs():
    return [margin]
