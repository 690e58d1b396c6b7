"""Logits below a floor masked to -inf (a sampling filter: most of the output is -inf)."""

import torch
import torch.nn as nn

batch_size = 8
vocab = 300
floor = 0.5


class Model(nn.Module):
    def __init__(self, floor):
        super().__init__()
        self.floor = floor

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        return logits.masked_fill(logits < self.floor, float("-inf"))


def get_inputs():
    return [torch.randn(batch_size, vocab)]


def get_init_inputs():
    return [floor]
