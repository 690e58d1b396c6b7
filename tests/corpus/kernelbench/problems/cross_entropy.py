"""Level 1: cross-entropy loss of logits against integer class targets, mean over the batch."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 48
num_classes = 10


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(predictions, targets)


def get_inputs():
    return [torch.randn(batch_size, num_classes), torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return []
