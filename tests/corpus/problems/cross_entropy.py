"""Per-row cross-entropy loss of logits against integer class targets (Liger-Kernel style)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
vocab_size = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, targets, reduction="none")


def get_inputs():
    logits = torch.randn(batch_size, vocab_size)
    targets = torch.randint(0, vocab_size, (batch_size,))
    return [logits, targets]


def get_init_inputs():
    return []
