"""Multi-label margin loss per sample (torch.nn.MultiLabelMarginLoss, reduction='none')."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 40
num_classes = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return F.multilabel_margin_loss(x, y, reduction="none")


def get_inputs():
    x = torch.randn(batch_size, num_classes)
    perm = torch.rand(batch_size, num_classes).argsort(dim=1)
    k = torch.randint(1, 6, (batch_size, 1))
    pos = torch.arange(num_classes).unsqueeze(0)
    y = torch.where(pos == k, torch.full_like(perm, -1), perm)
    return [x, y]


def get_init_inputs():
    return []
