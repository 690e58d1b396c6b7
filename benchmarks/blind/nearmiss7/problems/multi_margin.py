"""Multi-class hinge loss (p=1, margin=1), mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 300
num_classes = 73


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.multi_margin_loss(x, target, p=1, margin=1.0, reduction="mean")


def get_inputs():
    return [torch.randn(batch_size, num_classes), torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return []
