"""Logit soft-capping: cap * tanh(x / cap) (as used on attention / output logits)."""

import torch
import torch.nn as nn

batch_size = 8
vocab = 2999
cap = 30


class Model(nn.Module):
    def __init__(self, cap: float):
        super().__init__()
        self.cap = float(cap)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.cap * torch.tanh(x / self.cap)


def get_inputs():
    return [torch.randn(batch_size, vocab) * 10.0]


def get_init_inputs():
    return [cap]
