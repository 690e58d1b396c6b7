"""Mean token cross-entropy over a batch of logits, skipping targets equal to ignore_index."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
vocab_size = 1000


class Model(nn.Module):
    def __init__(self, ignore_index: int = -100):
        super().__init__()
        self.ignore_index = ignore_index

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, targets, ignore_index=self.ignore_index, reduction="mean")


def get_inputs():
    logits = torch.randn(batch_size, vocab_size)
    targets = torch.randint(0, vocab_size, (batch_size,))
    targets[::4] = -100
    return [logits, targets]


def get_init_inputs():
    return [-100]
