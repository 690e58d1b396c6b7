"""Cross-entropy against soft (probability) targets, mean over rows."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
num_classes = 601


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, target_probs: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, target_probs)


def get_inputs():
    logits = torch.randn(batch_size, num_classes)
    targets = torch.softmax(torch.randn(batch_size, num_classes), dim=1)
    return [logits, targets]


def get_init_inputs():
    return []
