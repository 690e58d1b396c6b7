"""Mean hinge loss for +-1 labels."""

import torch
import torch.nn as nn

batch_size = 8
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return torch.clamp(1.0 - pred * target, min=0.0).mean()


def get_inputs():
    pred = torch.randn(batch_size, dim)
    target = torch.randint(0, 2, (batch_size, dim)).float() * 2.0 - 1.0
    return [pred, target]


def get_init_inputs():
    return []
