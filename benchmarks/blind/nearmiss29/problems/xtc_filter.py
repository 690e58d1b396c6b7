"""Exclude-top-choices (XTC) sampling filter on logit rows, applied to every row."""

import torch
import torch.nn as nn

batch_size = 40
vocab_size = 300


class Model(nn.Module):
    def __init__(self, threshold: float = 0.1, filter_value: float = -1000.0):
        super().__init__()
        self.threshold = threshold
        self.filter_value = filter_value

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        probs = torch.softmax(logits, dim=-1)
        sel = probs >= self.threshold
        inf = torch.full_like(logits, float("inf"))
        least = torch.where(sel, logits, inf).amin(dim=-1, keepdim=True)
        drop = sel & (logits > least) & (sel.sum(dim=-1, keepdim=True) >= 2)
        return logits.masked_fill(drop, self.filter_value)


def get_inputs():
    logits = torch.randn(batch_size, vocab_size)
    idx = torch.randint(0, vocab_size, (batch_size, 5))
    boost = torch.rand(batch_size, 5) * 2.0 + 5.0
    logits = logits.scatter_add(1, idx, boost)
    return [logits]


def get_init_inputs():
    return [0.1, -1000.0]
