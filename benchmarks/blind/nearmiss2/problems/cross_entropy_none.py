"""Per-example cross-entropy of logits against integer targets (reduction='none')."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
vocab_size = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, target, reduction="none")


def get_inputs():
    return [torch.randn(batch_size, vocab_size), torch.randint(0, vocab_size, (batch_size,))]


def get_init_inputs():
    return []
