"""Nucleus (top-p) filtering of logits that arrive sorted in descending order along the last axis."""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 1000
top_p = 0.9


class Model(nn.Module):
    def __init__(self, top_p):
        super().__init__()
        self.top_p = top_p

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        probs = torch.softmax(logits, dim=-1)
        cum = torch.cumsum(probs, dim=-1)
        remove = (cum - probs) > self.top_p
        return logits.masked_fill(remove, float("-inf"))


def get_inputs():
    x = torch.randn(batch_size, vocab_size) * 3.0
    return [torch.sort(x, dim=-1, descending=True).values]


def get_init_inputs():
    return [top_p]
