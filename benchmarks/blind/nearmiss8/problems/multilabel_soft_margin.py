"""Multi-label soft margin loss with multi-hot integer targets."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
num_classes = 199


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.multilabel_soft_margin_loss(logits, targets)


def get_inputs():
    logits = torch.randn(batch_size, num_classes)
    targets = torch.randint(0, 2, (batch_size, num_classes))
    return [logits, targets]


def get_init_inputs():
    return []
